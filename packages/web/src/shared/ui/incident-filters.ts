import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { tagName } from '../i18n/tag-name.js';
import { pickerNow } from '../time/picker.js';

/** Today, the last 7 days and the last 30 days, each to the end of today: the incident filters' time ranges (the console's days, issue 16). */
export function rangePresets(now = pickerNow()) {
  return {
    today: [now.startOf('day'), now.endOf('day')] as [Dayjs, Dayjs],
    last7: [now.subtract(6, 'day').startOf('day'), now.endOf('day')] as [Dayjs, Dayjs],
    last30: [now.subtract(29, 'day').startOf('day'), now.endOf('day')] as [Dayjs, Dayjs],
  };
}

/** The range presets as a picker offers them, named by the feature's texts under `textsOf` (`.today`, `.last7`, `.last30`). */
export function labelledRangePresets(t: TFunction, textsOf: string, now = pickerNow()) {
  const ranges = rangePresets(now);
  return (['today', 'last7', 'last30'] as const).map((key) => ({ label: t(`${textsOf}.${key}`), value: ranges[key] }));
}

/** An incident filter's pick of several types or tags: chips that fold into '+N' when they do not fit, searched by their text. */
export const severalChoices = { mode: 'multiple', maxTagCount: 'responsive', optionFilterProp: 'label' } as const;

interface TagChoice {
  tagId: number;
  tagName: string;
  companyId: number | null;
  companyName: string | null;
}

/**
 * Tags as a select's options, default tags in the reader's language: several companies' tags may share a name, so each
 * says whose it is when more than one company is seen.
 */
export function tagOptions(tags: readonly TagChoice[] | undefined, t: TFunction) {
  const manyCompanies = new Set((tags ?? []).map((tag) => tag.companyId)).size > 1;
  return (tags ?? []).map((tag) => ({
    value: tag.tagId,
    label: manyCompanies && tag.companyName ? `${tagName(t, tag.tagName)} (${tag.companyName})` : tagName(t, tag.tagName),
  }));
}
