import { type DashboardPeriod, type DashboardRange, dashboardPeriods, dashboardRanges } from '@safety-shield/contract';
import { Card, Flex, Segmented, Select, Space, Tabs, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../shared/time/zone.js';
import { useListParams } from '../../shared/ui/list/index.js';
import { useMidnightRefresh, useStatisticsOverview, useTagStatistics } from './api/get-statistics.js';
import { OverviewTab } from './components/OverviewTab.js';
import { queryOf, STATISTICS_KEYS, type StatisticsKey, type StatisticsTab, tabOf } from './components/query.js';
import { StatisticsFilterBar } from './components/StatisticsFilterBar.js';
import { TagTab } from './components/TagTab.js';
import './statistics.css';

/** The days the answer counted, and in which zones (each company counts in its own, docs/decisions.md). */
function SpanNote({ query, tab }: { query: ReturnType<typeof queryOf>; tab: StatisticsTab }) {
  const { t } = useTranslation();
  // Both read from the react-query cache: only the open tab's call is made.
  const overview = useStatisticsOverview(query, false).data;
  const tags = useTagStatistics(query, false).data;
  const span = (tab === 'overview' ? overview : tags)?.span;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="statistics-span">
      {span?.fromDay && `${t('statistics.span', { from: span.fromDay, to: span.toDay, zones: span.timeZones.join(', ') })} · `}
      {t('statistics.refreshHint')}
    </Typography.Text>
  );
}

/**
 * `/statistics/list` (SPEC sections 2, 3, 5 and 9): the Overview and Tag statistics tabs over a required range, counted
 * by day, week, month or year, for the caller's scope or one data source, tag and type. The view lives in the URL.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useListParams(STATISTICS_KEYS);
  const { filters } = list;
  const query = useMemo(() => queryOf(filters), [filters]);
  const tab = tabOf(filters);
  useMidnightRefresh(useTimeZone());
  const set = (changes: Partial<Record<StatisticsKey, string | undefined>>) => list.setFilters({ ...filters, ...changes });
  const text = (value: number | string | undefined) => (value === undefined ? undefined : String(value));

  return (
    <Flex vertical gap={16} className="statistics">
      <Card size="small">
        <Flex wrap gap="8px 24px" align="center" className="statistics-controls">
          <Space wrap>
            <label htmlFor="statistics-range">{t('statistics.range')}</label>
            <Select<DashboardRange>
              id="statistics-range"
              value={query.range}
              onChange={(range) => set({ range })}
              style={{ minWidth: 170 }}
              options={dashboardRanges.map((r) => ({ value: r, label: t(`dashboard.range.${r}`) }))}
              data-testid="statistics-range"
            />
          </Space>
          <Space wrap>
            <span id="statistics-period-label">{t('statistics.period')}</span>
            <Segmented<DashboardPeriod>
              value={query.period}
              onChange={(period) => set({ period })}
              options={dashboardPeriods.map((p) => ({ value: p, label: t(`dashboard.period.${p}`) }))}
              aria-labelledby="statistics-period-label"
              data-testid="statistics-period"
            />
          </Space>
        </Flex>
        <StatisticsFilterBar
          query={query}
          onSearch={(values) =>
            set({
              agentId: text(values.agentId),
              companyId: text(values.companyId),
              fleetId: text(values.fleetId),
              vehicleId: text(values.vehicleId),
              tagId: text(values.tagId),
              type: values.type,
            })
          }
        />
        <SpanNote query={query} tab={tab} />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={(next) => set({ tab: next === 'tags' ? 'tags' : undefined })}
        destroyOnHidden
        // On the container's colour, as the cards are: the theme colour of the selected tab reads on it (AA).
        tabBarStyle={{ background: token.colorBgContainer, paddingInline: 12, borderRadius: token.borderRadiusLG }}
        items={[
          { key: 'overview', label: t('statistics.tabs.overview'), children: <OverviewTab query={query} active={tab === 'overview'} /> },
          { key: 'tags', label: t('statistics.tabs.tags'), children: <TagTab query={query} active={tab === 'tags'} /> },
        ]}
        data-testid="statistics-tabs"
      />
    </Flex>
  );
}
