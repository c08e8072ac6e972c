import { ONLINE_SUMMARY_MAX_DAYS, type OnlineSummaryQuery, type OnlineSummaryRecord } from '@safety-shield/contract';
import { Alert, Empty, Flex, Grid, Skeleton, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../shared/time/zone.js';
import { ListPage, listPagination, numberFilter, useListParams } from '../../shared/ui/list/index.js';
import { useOnlineSummary } from './api/get-online-summary.js';
import { chartData } from './components/chart-data.js';
import { ExportOnlineButton } from './components/ExportOnlineButton.js';
import { SummaryFilterBar, type SummaryFilters } from './components/SummaryFilterBar.js';
import { dayOf, daysOf, spanFrom, spanInstants, spanProblem } from './components/span.js';
import { useSummaryColumns } from './components/summary-columns.js';
import { useOnlineText } from './components/use-online-text.js';

// ECharts is large: it loads with the chart, after the table's data.
const OnlineChart = lazy(async () => ({ default: (await import('./components/OnlineChart.js')).OnlineChart }));

/** The page's state in the URL (a link reproduces the view): the span's first and last day, and the device filters. */
const FILTER_KEYS = ['from', 'to', 'keyword', 'agentId', 'companyId', 'fleetId'] as const;

/** Only the filters that are set: the query key and the export's URL stay clean. */
const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * /device/lineSummary: how long each device was online on each day of a span (the caller's days: its account's time
 * zone, else its browser's), as a stacked chart of the page's devices and a table with a column a day; exportable.
 */
export function LineSummaryPage() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const today = dayOf(Date.now(), zone);
  const list = useListParams(FILTER_KEYS);
  const wide = Grid.useBreakpoint().lg ?? false;
  const onlineText = useOnlineText();

  const { filters: urlFilters } = list;
  const filters = useMemo<SummaryFilters>(
    () =>
      defined({
        span: spanFrom(urlFilters, today),
        keyword: urlFilters.keyword,
        agentId: numberFilter(urlFilters.agentId),
        companyId: numberFilter(urlFilters.companyId),
        fleetId: numberFilter(urlFilters.fleetId),
      }),
    [urlFilters, today],
  );
  const { span, ...deviceFilters } = filters;
  const problem = spanProblem(span);
  const { startTime, endTime } = spanInstants(span, zone);
  const params: OnlineSummaryQuery = { page: list.page, limit: list.limit, startTime, endTime, ...deviceFilters };
  const query = useOnlineSummary(params, { enabled: problem === undefined, live: span.last >= today });

  const days = useMemo(() => (problem ? [] : daysOf(span)), [span, problem]);
  const records = query.data?.records;
  const chart = useMemo(() => chartData(records ?? [], days), [records, days]);
  const columns = useSummaryColumns(days, wide);
  const deviceCount = records?.length ?? 0;

  const search = (next: SummaryFilters) =>
    list.setFilters({
      from: next.span.first,
      to: next.span.last,
      keyword: next.keyword,
      agentId: next.agentId?.toString(),
      companyId: next.companyId?.toString(),
      fleetId: next.fleetId?.toString(),
    });

  const chartLabel = t('lineSummary.chart.summary', {
    devices: chart.series.length,
    first: span.first,
    last: span.last,
    total: onlineText(chart.totalSeconds),
    day: chart.busiest?.day ?? '—',
    most: onlineText(chart.busiest?.seconds ?? 0),
  });
  const average = deviceCount > 0 && days.length > 0 ? chart.totalSeconds / (deviceCount * days.length) : 0;

  return (
    <ListPage<OnlineSummaryRecord>
      testId="line-summary"
      query={query}
      list={list}
      filters={<SummaryFilterBar filters={filters} today={today} onSearch={search} onReset={list.resetFilters} />}
      actions={
        <Flex wrap align="center" justify="space-between" gap={8} style={{ flex: 1 }}>
          <Typography.Text type="secondary" data-testid="summary-span">
            {`${span.first} – ${span.last}`}
          </Typography.Text>
          <ExportOnlineButton
            disabled={problem !== undefined}
            query={defined({ ...deviceFilters, onlineFrom: startTime, onlineTo: endTime })}
          />
        </Flex>
      }
    >
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={t(problem === 'tooLong' ? 'lineSummary.tooLong' : 'lineSummary.rangeRequired', { days: ONLINE_SUMMARY_MAX_DAYS })}
          data-testid="summary-problem"
        />
      )}
      {/* Without devices the table says so; a chart of nothing would say it twice. */}
      {!problem && (query.isPending || deviceCount > 0) && (
        <section aria-labelledby="online-chart-title" data-testid="summary-chart-section">
          <Flex wrap align="baseline" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
            <Typography.Title level={2} id="online-chart-title" style={{ fontSize: 16, margin: 0 }}>
              {t('lineSummary.chart.title')}
            </Typography.Title>
            {chart.totalSeconds > 0 && (
              <Typography.Text type="secondary" data-testid="summary-totals">
                {t('lineSummary.chart.totals', { total: onlineText(chart.totalSeconds), average: onlineText(average) })}
              </Typography.Text>
            )}
          </Flex>
          {query.isPending ? (
            <Skeleton.Node active style={{ width: '100%', height: wide ? 300 : 260 }} />
          ) : chart.series.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lineSummary.noTime')} data-testid="summary-chart-empty" />
          ) : (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: wide ? 300 : 260 }} />}>
              <OnlineChart data={chart} days={days} label={chartLabel} height={wide ? 300 : 260} />
            </Suspense>
          )}
        </section>
      )}
      <div className="list-table" data-testid="summary-table">
        <Table<OnlineSummaryRecord>
          rowKey="deviceId"
          size="middle"
          columns={columns}
          dataSource={problem ? [] : records}
          loading={!problem && (query.isPending || query.isPlaceholderData)}
          pagination={listPagination(list, query.data?.total, t)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lineSummary.noDevices')} /> }}
        />
      </div>
    </ListPage>
  );
}
