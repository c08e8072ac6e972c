import type { StatisticsQuery } from '@safety-shield/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import { numberText, statisticText } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useStatisticsOverview } from '../api/get-statistics.js';
import { AllocationCard } from './AllocationCard.js';
import { ChartCard } from './ChartCard.js';
import { CoachingFiguresCard } from './CoachingFiguresCard.js';
import { distanceBars, stackedBars } from './chart-options.js';
import { FleetRankingTable, PlaceRankingTable } from './RankingTables.js';
import { tagBars } from './tag-label.js';

/** The Overview tab: incidents over time by type and by tag, distance, fleet and place rankings, coaching, vehicle allocation. */
export function OverviewTab({ query, active }: { query: StatisticsQuery; active: boolean }) {
  const { t } = useTranslation();
  const { settings } = usePreferences();
  const { data, isPending, isFetching, isError, refetch } = useStatisticsOverview(query, active);
  const empty = data?.total === 0;

  const byType = useMemo(
    () =>
      data &&
      stackedBars(
        data.series,
        data.series.types.map((line) => ({ name: t(`events.types.${line.key}`), counts: line.counts })),
      ),
    [data, t],
  );
  const byTag = useMemo(() => data && tagBars(t, data.series), [data, t]);
  const distance = useMemo(
    () =>
      data && distanceBars(data.series, { distance: t('statistics.distanceKm'), per100Km: t('statistics.per100Km') }, settings.themeColour),
    [data, t, settings.themeColour],
  );

  const cards = [
    { key: 'total', value: data?.total ?? 0, precision: 0 },
    { key: 'distanceKm', value: data?.distance.distanceKm ?? 0, precision: 1 },
    { key: 'drivingHours', value: data?.distance.drivingHours ?? 0, precision: 1 },
    { key: 'per100Km', value: data?.distance.per100Km ?? '–', precision: 2 },
  ] as const;
  // The incidents over time, split by type and by tag: side by side, alike but for their split.
  const breakdowns = [
    { key: 'byType', option: byType, testId: 'statistics-by-type' },
    { key: 'byTag', option: byTag, testId: 'statistics-by-tag' },
  ] as const;

  // A failed answer is not an empty range: say so, with a retry.
  if (isError && !data) return <LoadError onRetry={() => void refetch()} />;
  return (
    <Row gutter={[16, 16]} data-testid="statistics-overview" aria-busy={isFetching}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} lg={6}>
          <Card size="small" loading={isPending} data-testid={`statistics-card-${card.key}`}>
            <Statistic
              title={t(`statistics.cards.${card.key}`)}
              value={card.value}
              formatter={statisticText(card.precision)}
              valueRender={(node) => <span data-testid={`statistics-card-${card.key}-value`}>{node}</span>}
            />
          </Card>
        </Col>
      ))}
      {breakdowns.map((chart) => (
        <Col key={chart.key} xs={24} xl={12}>
          <ChartCard
            title={t(`statistics.charts.${chart.key}`)}
            option={chart.option ?? null}
            loading={isPending}
            empty={empty}
            testId={chart.testId}
            label={t(`statistics.charts.${chart.key}Label`, { count: data?.total ?? 0 })}
          />
        </Col>
      ))}
      <Col xs={24} xl={12}>
        <FleetRankingTable data={data} loading={isPending} />
      </Col>
      <Col xs={24} xl={12}>
        <PlaceRankingTable data={data} loading={isPending} />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={t('statistics.charts.distance')}
          option={distance ?? null}
          loading={isPending}
          empty={(data?.distance.distanceKm ?? 0) === 0}
          emptyText={t('statistics.noDistance')}
          testId="statistics-distance"
          label={t('statistics.charts.distanceLabel', { km: numberText(data?.distance.distanceKm ?? 0) })}
        />
      </Col>
      <Col xs={24}>
        <CoachingFiguresCard query={query} span={data?.span} />
      </Col>
      <Col xs={24}>
        <AllocationCard data={data} loading={isPending} />
      </Col>
    </Row>
  );
}
