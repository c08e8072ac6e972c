import type { DashboardPeriod, DashboardRange } from '@safety-shield/contract';
import { dashboardPeriods } from '@safety-shield/contract';
import { Card, Col, Empty, Row, Segmented, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import type { ChartOption } from '../../../shared/ui/EChart.js';
import { useCandlesticks, usePeriodChart } from '../api/get-dashboard.js';

const EChart = lazy(() => import('../../../shared/ui/EChart.js'));

/** A lighter and a darker shade of the theme colour, for the candles' rising and falling days. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((value >> shift) & 255) * (1 + amount))));
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

const chartBox = (option: ChartOption, testId: string) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
    <EChart option={option} testId={testId} />
  </Suspense>
);

/** The period and candlestick charts of the range, in the theme colour of the settings panel. */
export function IncidentCharts({ range }: { range: DashboardRange }) {
  const { t } = useTranslation();
  const { settings } = usePreferences();
  const colour = settings.themeColour;
  const [period, setPeriod] = useState<DashboardPeriod>('day');
  const periods = usePeriodChart(range, period);
  const candles = useCandlesticks(range);

  const periodOption = useMemo<ChartOption>(
    () => ({
      color: [colour],
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: periods.data?.buckets.map((b) => b.label) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: t('dashboard.charts.count'), data: periods.data?.buckets.map((b) => b.count) ?? [] }],
    }),
    [periods.data, colour, t],
  );

  const candleOption = useMemo<ChartOption>(
    () => ({
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: candles.data?.days.map((d) => d.day) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'candlestick',
          name: t('dashboard.charts.count'),
          // ECharts takes [open, close, lowest, highest].
          data: candles.data?.days.map((d) => [d.open, d.close, d.low, d.high]) ?? [],
          itemStyle: { color: shade(colour, 0.35), borderColor: colour, color0: shade(colour, -0.35), borderColor0: shade(colour, -0.35) },
        },
      ],
    }),
    [candles.data, colour, t],
  );

  const periodEmpty = periods.data?.buckets.every((b) => b.count === 0);
  const candleEmpty = candles.data?.days.every((d) => d.total === 0);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card
          title={t('dashboard.charts.period')}
          extra={
            <Segmented
              size="small"
              value={period}
              onChange={(value) => setPeriod(value as DashboardPeriod)}
              options={dashboardPeriods.map((p) => ({ value: p, label: t(`dashboard.period.${p}`) }))}
              data-testid="dashboard-period"
            />
          }
          data-testid="dashboard-period-chart"
        >
          {periods.isPending ? (
            <Skeleton active />
          ) : periodEmpty ? (
            <Empty description={t('dashboard.empty')} />
          ) : (
            chartBox(periodOption, 'period-chart')
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.charts.candlestick')} data-testid="dashboard-candlestick-chart">
          {candles.isPending ? (
            <Skeleton active />
          ) : candleEmpty ? (
            <Empty description={t('dashboard.empty')} />
          ) : (
            chartBox(candleOption, 'candlestick-chart')
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboard.charts.candleHint')}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
