import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../shared/ui/format.js';
import { bandStatus, scoreBand } from './band.js';

/** Typography's readable status colours (issue 16), by band. */
const textType = { good: 'success', fair: 'warning', poor: 'danger' } as const;

interface Props {
  score: number | null;
  /** Large on the statistics page, smaller in a card or a record. */
  size?: 'large' | 'small';
  /** Why there is no score: the least distance that gives one, when known. */
  minDistanceKm?: number | undefined;
  testId: string;
}

/** A score as a number out of 100 in its band's colour, with the band named; no score says why. */
export function ScoreFigure({ score, size = 'large', minDistanceKm, testId }: Props) {
  const { t } = useTranslation();
  if (score === null)
    return (
      <Typography.Text type="secondary" data-testid={`${testId}-none`}>
        {minDistanceKm === undefined ? t('safetyScore.noScoreUnknown') : t('safetyScore.noScore', { km: numberText(minDistanceKm) })}
      </Typography.Text>
    );
  const band = scoreBand(score);
  return (
    <Flex align="baseline" gap={8} wrap data-testid={testId}>
      <Typography.Text type={textType[band]} strong style={{ fontSize: size === 'large' ? 48 : 30, lineHeight: 1.1 }}>
        <span data-testid={`${testId}-value`}>{numberText(score, 0)}</span>
      </Typography.Text>
      <Typography.Text type="secondary">/ {numberText(100, 0)}</Typography.Text>
      <Tag color={bandStatus[band]}>{t(`safetyScore.band.${band}`)}</Tag>
    </Flex>
  );
}

/** A score in a table or a list: the number on its band's tag; none a dash. */
export function ScoreTag({ score }: { score: number | null }) {
  if (score === null) return '—';
  return (
    <Tag color={bandStatus[scoreBand(score)]} style={{ marginInlineEnd: 0 }} data-testid="safety-score-tag">
      {numberText(score, 0)}
    </Tag>
  );
}
