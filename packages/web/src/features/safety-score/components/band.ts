/** A score's band: 80 and up good, 60 to 79 fair, below 60 poor (issue 19). */
type ScoreBand = 'good' | 'fair' | 'poor';

const GOOD_FROM = 80;
const FAIR_FROM = 60;

export const scoreBand = (score: number): ScoreBand => (score >= GOOD_FROM ? 'good' : score >= FAIR_FROM ? 'fair' : 'poor');

/** antd's status of each band: its readable text colour and its tag colour (issue 16 makes both reach AA). */
export const bandStatus = { good: 'success', fair: 'warning', poor: 'error' } as const satisfies Record<ScoreBand, string>;
