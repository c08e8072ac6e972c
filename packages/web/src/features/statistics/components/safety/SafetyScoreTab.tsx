import { SettingOutlined } from '@ant-design/icons';
import type { SafetyLevel, SafetyScoreQuery } from '@safety-shield/contract';
import { Button, Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/preferences/PreferencesProvider.js';
import { LoadError } from '../../../../shared/ui/LoadError.js';
import { useSafetyScoreList } from '../../../safety-score/index.js';
import { ChartCard } from '../ChartCard.js';
import { scoreLine } from '../chart-options.js';
import { SafetyOverallCard } from './SafetyOverallCard.js';
import { SafetyRankingCard } from './SafetyRankingCard.js';
import { WeightsDrawer } from './WeightsDrawer.js';

interface Props {
  query: SafetyScoreQuery;
  active: boolean;
  levels: readonly SafetyLevel[];
  onChange(changes: { level?: SafetyLevel; order?: SafetyScoreQuery['order'] }): void;
}

/** The Safety score tab (issue 19): the score of all in view, its trend, the ranking, and the weights behind them. */
export function SafetyScoreTab({ query, active, levels, onChange }: Props) {
  const { t } = useTranslation();
  const { settings } = usePreferences();
  const [weightsOpen, setWeightsOpen] = useState(false);
  const { data, isPending, isFetching, isError, refetch } = useSafetyScoreList(query, active);
  const minDistanceKm = data?.minDistanceKm;
  const trend = useMemo(() => data && scoreLine(data.trend, t('safetyScore.title'), settings.themeColour), [data, t, settings.themeColour]);
  const scoredBuckets = data?.trend.filter((bucket) => bucket.score !== null).length ?? 0;

  // The HTTP layer said why (a data source the caller may not see); the tab offers to ask again.
  if (isError && !data) return <LoadError onRetry={() => void refetch()} />;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="safety-score" aria-busy={isFetching}>
        <Col xs={24}>
          <SafetyOverallCard
            data={data}
            loading={isPending}
            minDistanceKm={minDistanceKm}
            extra={
              <Button size="small" icon={<SettingOutlined />} onClick={() => setWeightsOpen(true)} data-testid="safety-weights-open">
                {t('statistics.safety.weights.open')}
              </Button>
            }
          />
        </Col>
        <Col xs={24}>
          <ChartCard
            title={t('statistics.safety.trend')}
            option={trend ?? null}
            loading={isPending}
            empty={scoredBuckets === 0}
            emptyText={t('statistics.safety.noTrend')}
            testId="safety-trend"
            label={t('statistics.safety.trendLabel', { count: scoredBuckets, total: data?.trend.length ?? 0 })}
          />
        </Col>
        <Col xs={24}>
          <SafetyRankingCard data={data} loading={isPending} query={query} levels={levels} onChange={onChange} />
        </Col>
      </Row>
      <WeightsDrawer open={weightsOpen} companyId={query.companyId} onClose={() => setWeightsOpen(false)} />
    </>
  );
}
