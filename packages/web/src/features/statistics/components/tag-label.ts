import { defaultTagKinds, type StatisticsSeries } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { stackedBars } from './chart-options.js';

/** A tag key's text: a default kind in the reader's language unless renamed, a company's own tag as named, none as "No tag". */
export function tagLabel(t: TFunction, key: string, name: string | null): string {
  if (key === 'none') return t('statistics.noTag');
  if (name) return tagName(t, name);
  return (defaultTagKinds as readonly string[]).includes(key) ? t(`defaultTags.${key}`) : key;
}

/** Incidents by tag over the buckets: stacked bars, a series a tag. */
export const tagBars = (t: TFunction, series: StatisticsSeries) =>
  stackedBars(
    series,
    series.tags.map((line) => ({ name: tagLabel(t, line.key, line.name), counts: line.counts })),
  );
