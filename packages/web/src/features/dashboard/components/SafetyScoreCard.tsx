import type { DashboardRange, SafetyScoreRow } from '@safety-shield/contract';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { ScoreFigure, ScoreTag, ScoreTrend, safetyScorePath, useSafetyScoreList } from '../../safety-score/index.js';

/** How many of the worst vehicles the card names. */
const WORST = 3;

function WorstVehicles({ rows }: { rows: SafetyScoreRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography.Text type="secondary">{t('safetyScore.noneScored')}</Typography.Text>;
  return (
    <ol className="dashboard-safety-worst" data-testid="dashboard-safety-worst">
      {rows.map((row) => (
        <li key={row.id}>
          <Flex justify="space-between" align="center" gap={8}>
            <span>
              {row.name}
              {row.fleetName && <Typography.Text type="secondary"> · {row.fleetName}</Typography.Text>}
            </span>
            <ScoreTag score={row.score} />
          </Flex>
        </li>
      ))}
    </ol>
  );
}

/** The safety score of everything in view over the dashboard's range, its trend and the three worst vehicles (issue 19). */
export function SafetyScoreCard({ range }: { range: DashboardRange }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useSafetyScoreList({
    range,
    period: 'day',
    level: 'vehicle',
    order: 'worst',
    limit: WORST,
  });
  const minDistanceKm = data?.minDistanceKm;
  return (
    <Card
      title={t('safetyScore.title')}
      size="small"
      extra={<Link to={safetyScorePath(range)}>{t('safetyScore.open')}</Link>}
      data-testid="dashboard-safety"
      style={{ height: '100%' }}
    >
      {isError && !data ? (
        <LoadError onRetry={() => void refetch()} />
      ) : isPending || !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} md={10} xl={8}>
            <Flex vertical gap={8}>
              <ScoreFigure score={data.overall.score} size="small" minDistanceKm={minDistanceKm} testId="dashboard-safety-score" />
              <ScoreTrend list={data} testId="dashboard-safety-trend" />
            </Flex>
          </Col>
          <Col xs={24} md={14} xl={16}>
            <Typography.Text strong>{t('safetyScore.worst')}</Typography.Text>
            <WorstVehicles rows={data.rows} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
