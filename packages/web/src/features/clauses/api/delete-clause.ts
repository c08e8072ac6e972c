import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Retires a clause; its consent log stays. */
export const deleteClause = (clauseId: number) => api.clause.remove({ clauseId });

export const useDeleteClause = () => useRefreshingMutation(deleteClause, [['clauses']]);
