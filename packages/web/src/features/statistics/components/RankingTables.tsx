import type { FleetRanking, PlaceRanking, StatisticsOverview } from '@safety-shield/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../shared/ui/format.js';
import { placeText } from '../../../shared/ui/place.js';
import { SummaryTable } from '../../../shared/ui/SummaryTable.js';

const per100 = (value: number | null) => (value === null ? '–' : numberText(value, 2));

/** Fleets by incidents in the range, with their distance and incidents per 100 km. */
export function FleetRankingTable({ data, loading }: { data: StatisticsOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('statistics.fleets.title')} size="small" data-testid="statistics-fleets">
      <SummaryTable<FleetRanking>
        rowKey="fleetId"
        loading={loading}
        dataSource={data?.fleets ?? []}
        scroll={{ x: 'max-content' }}
        empty={t('statistics.empty')}
        columns={[
          { key: 'rank', title: '#', width: 40, render: (_, __, index) => index + 1 },
          { key: 'fleet', title: t('statistics.fleets.fleet'), dataIndex: 'fleetName' },
          { key: 'company', title: t('statistics.fleets.company'), dataIndex: 'companyName' },
          { key: 'incidents', title: t('statistics.incidents'), align: 'right', render: (_, row) => numberText(row.incidents, 0) },
          { key: 'distance', title: t('statistics.distanceKm'), align: 'right', render: (_, row) => numberText(row.distanceKm) },
          { key: 'per100', title: t('statistics.per100Km'), align: 'right', render: (_, row) => per100(row.per100Km) },
        ]}
      />
    </Card>
  );
}

/** Towns by incidents: where incidents happen, by the nearest town of each position (offline, GeoNames). */
export function PlaceRankingTable({ data, loading }: { data: StatisticsOverview | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('statistics.places.title')} size="small" data-testid="statistics-places">
      <SummaryTable<PlaceRanking>
        rowKey={(row) => `${row.name}|${row.country}`}
        loading={loading}
        dataSource={data?.places.records ?? []}
        scroll={{ x: 'max-content' }}
        empty={t('statistics.empty')}
        columns={[
          { key: 'rank', title: '#', width: 40, render: (_, __, index) => index + 1 },
          { key: 'place', title: t('statistics.places.place'), render: (_, row) => placeText({ ...row, distanceKm: 0 }, i18n.language) },
          { key: 'incidents', title: t('statistics.incidents'), dataIndex: 'incidents', align: 'right' },
        ]}
      />
      {data && data.places.unplaced > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="statistics-unplaced">
          {t('statistics.places.unplaced', { count: data.places.unplaced })}
        </Typography.Text>
      )}
    </Card>
  );
}
