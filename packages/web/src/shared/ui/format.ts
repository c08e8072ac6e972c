import dayjs from 'dayjs';

/** SPEC section 9 (year-month-day reading), the same as the sidebar's release time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An epoch-ms time for a table cell; nothing known shows a dash. */
export const formatTime = (ms: number | null | undefined) => (ms == null ? '—' : dayjs(ms).format(DATE_TIME_FORMAT));

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time axis's labels as fine as its span needs: seconds within an hour, dates beyond a day (minutes alone repeat over a short span, hours alone over days). */
export const timeAxisFormat = (spanMs: number) => (spanMs > DAY_MS ? 'MM-DD HH:mm' : spanMs > HOUR_MS ? 'HH:mm' : 'HH:mm:ss');
