import { FileTextOutlined } from '@ant-design/icons';
import {
  type DashboardPeriod,
  type DashboardRange,
  dashboardPeriods,
  dashboardRanges,
  pathTo,
  type SafetyScoreQuery,
  type StatisticsQuery,
} from '@safety-shield/contract';
import { Card, Flex, Segmented, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTimeZone } from '../../shared/time/zone.js';
import { useUrlView } from '../../shared/ui/list/index.js';
import { PageTabs } from '../../shared/ui/PageTabs.js';
import { useSelfInfo } from '../auth/index.js';
import { useSafetyScoreList } from '../safety-score/index.js';
import { useMidnightRefresh, useStatisticsOverview, useTagStatistics } from './api/get-statistics.js';
import { OverviewTab } from './components/OverviewTab.js';
import { queryOf, STATISTICS_KEYS, type StatisticsTab, safetyLevelsOf, safetyQueryOf, tabOf } from './components/query.js';
import { StatisticsFilterBar } from './components/StatisticsFilterBar.js';
import { SafetyScoreTab } from './components/safety/SafetyScoreTab.js';
import { TagTab } from './components/TagTab.js';
import './statistics.css';

/** The report of the same range and organisation (`/statistics/report`). */
function reportPathOf(query: StatisticsQuery): string {
  const { range, agentId, companyId, fleetId } = query;
  return pathTo('Report', { query: { range, agentId, companyId, fleetId } });
}

/** The days the answer counted, and in which zones (each company counts in its own, docs/decisions.md). */
function SpanNote({ query, safety, tab }: { query: StatisticsQuery; safety: SafetyScoreQuery; tab: StatisticsTab }) {
  const { t } = useTranslation();
  // All read from the react-query cache: only the open tab's call is made.
  const spans = {
    overview: useStatisticsOverview(query, false).data?.span,
    tags: useTagStatistics(query, false).data?.span,
    safety: useSafetyScoreList(safety, false).data?.span,
  };
  const span = spans[tab];
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="statistics-span">
      {span?.fromDay && `${t('statistics.span', { from: span.fromDay, to: span.toDay, zones: span.timeZones.join(', ') })} · `}
      {t('statistics.refreshHint')}
    </Typography.Text>
  );
}

/**
 * `/statistics/list` (SPEC sections 2, 3, 5 and 9): the Overview, Tag statistics and Safety score (issue 19) tabs over
 * a required range, counted by day, week, month or year, for the caller's scope or one data source, tag and type. The
 * view lives in the URL.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { filters, set } = useUrlView(STATISTICS_KEYS);
  const query = useMemo(() => queryOf(filters), [filters]);
  const tab = tabOf(filters);
  const levels = safetyLevelsOf(useSelfInfo().data?.baseInfo.role);
  const safety = useMemo(() => safetyQueryOf(query, filters, levels), [query, filters, levels]);
  useMidnightRefresh(useTimeZone());
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
          <Link to={reportPathOf(query)} data-testid="statistics-report">
            <FileTextOutlined /> {t('statistics.report')}
          </Link>
        </Flex>
        <StatisticsFilterBar
          query={query}
          incidentFilters={tab !== 'safety'}
          onSearch={(values) =>
            set({
              agentId: text(values.agentId),
              companyId: text(values.companyId),
              fleetId: text(values.fleetId),
              vehicleId: text(values.vehicleId),
              // The Safety score tab shows no tag or type: those of the other tabs stay as they were.
              ...(tab === 'safety' ? {} : { tagId: text(values.tagId), type: values.type }),
            })
          }
        />
        <SpanNote query={query} safety={safety} tab={tab} />
      </Card>
      <PageTabs
        activeKey={tab}
        onChange={(next) => set({ tab: next === 'overview' ? undefined : next })}
        items={[
          { key: 'overview', label: t('statistics.tabs.overview'), children: <OverviewTab query={query} active={tab === 'overview'} /> },
          { key: 'tags', label: t('statistics.tabs.tags'), children: <TagTab query={query} active={tab === 'tags'} /> },
          {
            key: 'safety',
            label: t('statistics.tabs.safety'),
            children: <SafetyScoreTab query={safety} active={tab === 'safety'} levels={levels} onChange={set} />,
          },
        ]}
        data-testid="statistics-tabs"
      />
    </Flex>
  );
}
