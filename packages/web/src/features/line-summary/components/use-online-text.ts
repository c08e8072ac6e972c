import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineParts } from './online-time.js';

/** Seconds online as the reader's language writes them ("7 h 30 min", "7 Std 30 Min"). */
export function useOnlineText(): (seconds: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (seconds: number) =>
      onlineParts(seconds)
        .map(({ unit, count }) => t(`lineSummary.duration.${unit}`, { count }))
        .join(' '),
    [t],
  );
}
