import dayjs from 'dayjs';

/** SPEC section 9 (year-month-day reading), the same as the sidebar's release time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An epoch-ms time for a table cell; nothing known shows a dash. */
export const formatTime = (ms: number | null | undefined) => (ms == null ? '—' : dayjs(ms).format(DATE_TIME_FORMAT));
