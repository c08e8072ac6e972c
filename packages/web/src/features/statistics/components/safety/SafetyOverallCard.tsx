import type { SafetyScoreList } from '@safety-shield/contract';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../../shared/ui/format.js';
import { ScoreFigure } from '../../../safety-score/index.js';

interface Props {
  data: SafetyScoreList | undefined;
  loading: boolean;
  minDistanceKm: number | undefined;
  /** The weights button. */
  extra: ReactNode;
}

/** The score of everything in view over the range, the figures it is made of, and how it is reckoned. */
export function SafetyOverallCard({ data, loading, minDistanceKm, extra }: Props) {
  const { t } = useTranslation();
  const overall = data?.overall;
  const figures = [
    { key: 'incidents', text: numberText(overall?.incidents, 0) },
    { key: 'points', text: numberText(overall?.points) },
    { key: 'distanceKm', text: numberText(overall?.distanceKm) },
    { key: 'per100Km', text: numberText(overall?.pointsPer100Km, 2) },
  ] as const;
  return (
    <Card title={t('statistics.safety.overall')} size="small" extra={extra} data-testid="safety-overall">
      {loading || !data || !overall ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Row gutter={[16, 16]} align="middle">
            <Col xs={24} md={8}>
              <ScoreFigure score={overall.score} minDistanceKm={minDistanceKm} testId="safety-overall-score" />
            </Col>
            <Col xs={24} md={16}>
              <Row gutter={[16, 8]}>
                {figures.map((figure) => (
                  <Col key={figure.key} xs={12} sm={6}>
                    <Statistic
                      title={t(`safetyScore.${figure.key}`)}
                      value={figure.text}
                      formatter={() => <span data-testid={`safety-figure-${figure.key}`}>{figure.text}</span>}
                    />
                  </Col>
                ))}
              </Row>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '12px 0 0' }} data-testid="safety-formula">
            {t('statistics.safety.formula')} {t(data.defaultWeights ? 'statistics.safety.defaultWeights' : 'statistics.safety.ownWeights')}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
