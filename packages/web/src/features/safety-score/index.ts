// The safety score's shared pieces (issue 19): its calls, how a score shows, and the way to the statistics page.

export { SAFETY_SCORE_KEY, useSafetyScoreList, useSafetyWeights, useSaveSafetyWeights } from './api/get-safety-score.js';
export { safetyScorePath } from './components/paths.js';
export { picksCompany } from './components/picks-company.js';
export { ScoreFigure, ScoreTag } from './components/ScoreFigure.js';
export { ScoreTrend } from './components/ScoreTrend.js';
