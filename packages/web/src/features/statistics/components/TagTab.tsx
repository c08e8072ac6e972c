import type { StatisticsQuery, StatisticsTags } from '@safety-shield/contract';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { SummaryTable } from '../../../shared/ui/SummaryTable.js';
import { useTagStatistics } from '../api/get-statistics.js';
import { ChartCard } from './ChartCard.js';
import { tagBars, tagLabel } from './tag-label.js';

type TagRow = StatisticsTags['rows'][number];

/** The Tag statistics tab (SPEC section 3): per cycle and tag, the count, for the data source chosen. */
export function TagTab({ query, active }: { query: StatisticsQuery; active: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isFetching, isError, refetch } = useTagStatistics(query, active);
  const option = useMemo(() => data && tagBars(t, data.series), [data, t]);
  const source = data?.dataSource ?? t('statistics.allInScope');
  // A failed answer is not an empty range: say so, with a retry.
  if (isError && !data) return <LoadError onRetry={() => void refetch()} />;
  return (
    <Row gutter={[16, 16]} data-testid="statistics-tags" aria-busy={isFetching}>
      <Col xs={24}>
        <ChartCard
          title={t('statistics.charts.tagsOverTime')}
          option={option ?? null}
          loading={isPending}
          empty={data?.total === 0}
          testId="statistics-tag-chart"
          label={t('statistics.charts.byTagLabel', { count: data?.total ?? 0 })}
        />
      </Col>
      <Col xs={24}>
        <Card title={t('statistics.tagTable.title')} size="small">
          <SummaryTable<TagRow>
            rowKey={(row) => `${row.cycle}|${row.key}`}
            loading={isPending}
            dataSource={data?.rows ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="statistics-tag-table"
            empty={t('statistics.empty')}
            columns={[
              { key: 'cycle', title: t('statistics.tagTable.cycle'), dataIndex: 'cycle' },
              { key: 'source', title: t('statistics.tagTable.dataSource'), render: () => source },
              { key: 'tag', title: t('statistics.tagTable.tag'), render: (_, row) => tagLabel(t, row.key, row.name) },
              { key: 'count', title: t('statistics.tagTable.count'), dataIndex: 'count', align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
