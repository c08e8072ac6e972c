import type { SafetyScoreQuery, VehicleDetail } from '@safety-shield/contract';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberText } from '../../../../shared/ui/format.js';
import { ScoreFigure, ScoreTrend, safetyScorePath, useSafetyScoreList } from '../../../safety-score/index.js';

const RANGE = 'last14Days';

/** The vehicle's safety score over the last 14 days, its daily trend and the way to the statistics (issue 19). */
export function VehicleSafetyScore({ vehicle }: { vehicle: Pick<VehicleDetail, 'id'> }) {
  const { t } = useTranslation();
  const query: SafetyScoreQuery = { range: RANGE, period: 'day', vehicleId: vehicle.id, level: 'vehicle', order: 'worst', limit: 1 };
  // Silent: a vehicle the server will not score for the caller (leased in) leaves the block out rather than an error.
  const { data, isPending, isError } = useSafetyScoreList(query, true, true);
  const minDistanceKm = data?.minDistanceKm;
  if (isError) return null;
  return (
    <Card
      size="small"
      title={`${t('safetyScore.title')} · ${t(`dashboard.range.${RANGE}`)}`}
      extra={<Link to={safetyScorePath(RANGE, vehicle.id)}>{t('safetyScore.open')}</Link>}
      data-testid="vehicle-safety-score"
    >
      {isPending || !data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex wrap gap="8px 24px" align="center">
          <ScoreFigure score={data.overall.score} size="small" minDistanceKm={minDistanceKm} testId="vehicle-safety-score-figure" />
          <ScoreTrend list={data} testId="vehicle-safety-score-trend" />
          <Typography.Text type="secondary">
            {t('safetyScore.summary', {
              incidents: numberText(data.overall.incidents, 0),
              km: numberText(data.overall.distanceKm),
            })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
