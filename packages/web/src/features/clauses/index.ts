export { pendingClausesQuery, usePendingClauses } from './api/pending-clauses.js';
export { ClauseAddPage, ClauseEditPage } from './ClauseEditPage.js';
export { ClauseListPage } from './ClauseListPage.js';
export { ClauseLogPage } from './ClauseLogPage.js';
export { ClauseOperationLogPage } from './ClauseOperationLogPage.js';
export { ClauseStatePage } from './ClauseStatePage.js';
export { ClauseAcceptance } from './components/ClauseAcceptance.js';
export { ClauseContent } from './components/ClauseContent.js';
export { sanitizeClauseHtml } from './components/sanitize.js';
