import type { FleetAllocation, StatisticsOverview } from '@safety-shield/contract';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberText, percentText, statisticText } from '../../../shared/ui/format.js';
import { SummaryTable } from '../../../shared/ui/SummaryTable.js';

type Allocation = StatisticsOverview['allocation'];

function KeyCounts({ title, list, none }: { title: string; list: Allocation['byUse']; none: string }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <div className="statistics-keys">
        {list.length === 0
          ? '–'
          : list.map((item) => (
              <Tag key={item.key ?? ''}>
                {item.key ?? none}: {item.count}
              </Tag>
            ))}
      </div>
    </div>
  );
}

/** Vehicles now (per fleet, by use and kind, leased out and in) and their use in the range: active vehicles, utilisation. */
export function AllocationCard({ data, loading }: { data: StatisticsOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const allocation = data?.allocation;
  return (
    <Card title={t('statistics.allocation.title')} size="small" loading={loading && !data} data-testid="statistics-allocation">
      {allocation && (
        <>
          <Row gutter={[16, 16]}>
            {(
              [
                ['vehicles', allocation.vehicles],
                ['leasedOut', allocation.leasedOut],
                ['leasedIn', allocation.leasedIn],
                ['active', allocation.active],
              ] as const
            ).map(([key, value]) => (
              <Col key={key} xs={12} md={6} xl={4}>
                <Statistic title={t(`statistics.allocation.${key}`)} value={value} formatter={statisticText(0)} />
              </Col>
            ))}
            <Col xs={12} md={6} xl={4}>
              <Statistic
                title={t('statistics.allocation.utilisation')}
                value={allocation.utilisation}
                formatter={(value) => percentText(Number(value))}
              />
            </Col>
          </Row>
          <Row gutter={[16, 8]} style={{ marginTop: 12 }}>
            <Col xs={24} md={12}>
              <KeyCounts title={t('statistics.allocation.byUse')} list={allocation.byUse} none={t('statistics.allocation.unknown')} />
            </Col>
            <Col xs={24} md={12}>
              <KeyCounts title={t('statistics.allocation.byKind')} list={allocation.byKind} none={t('statistics.allocation.unknown')} />
            </Col>
          </Row>
          <SummaryTable<FleetAllocation>
            style={{ marginTop: 12 }}
            rowKey="fleetId"
            dataSource={allocation.fleets}
            scroll={{ x: 'max-content' }}
            empty={t('statistics.allocation.none')}
            columns={[
              { key: 'fleet', title: t('statistics.fleets.fleet'), dataIndex: 'fleetName' },
              { key: 'vehicles', title: t('statistics.allocation.vehicles'), dataIndex: 'vehicles', align: 'right' },
              { key: 'leasedOut', title: t('statistics.allocation.leasedOut'), dataIndex: 'leasedOut', align: 'right' },
              { key: 'leasedIn', title: t('statistics.allocation.leasedIn'), dataIndex: 'leasedIn', align: 'right' },
              { key: 'active', title: t('statistics.allocation.active'), dataIndex: 'active', align: 'right' },
              { key: 'distance', title: t('statistics.distanceKm'), align: 'right', render: (_, row) => numberText(row.distanceKm) },
              { key: 'hours', title: t('statistics.drivingHours'), align: 'right', render: (_, row) => numberText(row.drivingHours) },
              {
                key: 'use',
                title: t('statistics.allocation.utilisation'),
                align: 'right',
                render: (_, row) => percentText(row.utilisation),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
