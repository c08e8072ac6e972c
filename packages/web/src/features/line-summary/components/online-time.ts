/** A part of an online time as a table cell writes it. */
export interface OnlinePart {
  unit: 'hours' | 'minutes' | 'seconds';
  count: number;
}

/**
 * Seconds online in hours and minutes ("7 h 30 min"), never days: a day's cell and the span's total read in the same
 * unit. Under a minute shows its seconds, so a device that was on briefly is not mistaken for one that never was.
 */
export function onlineParts(seconds: number): OnlinePart[] {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return [{ unit: 'seconds', count: whole }];
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const parts: OnlinePart[] = [];
  if (hours > 0) parts.push({ unit: 'hours', count: hours });
  if (minutes > 0) parts.push({ unit: 'minutes', count: minutes });
  return parts;
}

/** Seconds as hours for the chart, to the hundredth. */
export const hoursOf = (seconds: number) => Math.round(seconds / 36) / 100;
