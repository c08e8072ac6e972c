import type { AccountListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** The previous page stays on screen while the next one loads. */
export const useAccounts = (params: AccountListQuery) =>
  useQueryKeepingPrevious(['accounts', 'list', params], () => api.account.list(params));
