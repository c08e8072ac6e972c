import type { SafetyScoreList } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../shared/ui/format.js';
import { Sparkline } from './Sparkline.js';

/** A list's trend as a sparkline, named for screen readers by its span and its first and last scores. */
export function ScoreTrend({ list, testId }: { list: Pick<SafetyScoreList, 'trend' | 'span'>; testId: string }) {
  const { t } = useTranslation();
  const scores = list.trend.map((bucket) => bucket.score);
  const known = scores.filter((score): score is number => score !== null);
  const label = t('safetyScore.trendLabel', {
    from: list.span.fromDay,
    to: list.span.toDay,
    first: numberText(known[0], 0),
    last: numberText(known.at(-1), 0),
  });
  return <Sparkline values={scores} label={label} testId={testId} />;
}
