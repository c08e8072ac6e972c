import type { SelfUpdateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { selfInfoQuery } from '../../auth/index.js';

export const updateSelf = (body: SelfUpdateBody) => api.account.updateSelf(body);

export const useUpdateSelf = () => useRefreshingMutation(updateSelf, [selfInfoQuery().queryKey]);
