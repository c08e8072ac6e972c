import type { ClauseCreateBody, ClauseUpdateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const createClause = (body: ClauseCreateBody) => api.clause.create(body);
/** Publishes a new version: the old one retires and everyone is asked again. */
export const updateClause = (body: ClauseUpdateBody) => api.clause.update(body);

/** Creates (no clauseId) or publishes a new version of a clause; lists, pending clauses and the caller's flags refresh. */
export const useSaveClause = () =>
  useRefreshingMutation(
    (body: ClauseCreateBody | ClauseUpdateBody) =>
      'clauseId' in body ? updateClause(body as ClauseUpdateBody) : createClause(body as ClauseCreateBody),
    [['clauses']],
  );
