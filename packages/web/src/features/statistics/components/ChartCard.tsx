import { Card, Empty, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../../shared/ui/EChart.js';

// ECharts is large: it loads with the first chart, after the figures.
const EChart = lazy(() => import('../../../shared/ui/EChart.js'));

interface Props {
  title: string;
  option: ChartOption | null;
  loading: boolean;
  empty: boolean;
  testId: string;
  /** What the chart shows, for screen readers. */
  label: string;
  extra?: ReactNode;
  /** The text when there is nothing to draw (default: no incidents). */
  emptyText?: string;
}

/** A card with one chart: a skeleton while loading, "no incidents" when the range has none. */
export function ChartCard({ title, option, loading, empty, testId, label, extra, emptyText }: Props) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" extra={extra} data-testid={testId}>
      {loading ? (
        <Skeleton active />
      ) : empty || !option ? (
        <Empty description={emptyText ?? t('statistics.empty')} />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
          <EChart option={option} height={300} testId={`${testId}-chart`} label={label} />
        </Suspense>
      )}
    </Card>
  );
}
