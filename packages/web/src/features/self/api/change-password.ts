import type { PasswordChangeBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { selfInfoQuery } from '../../auth/index.js';

/** The own password; afterwards the server clears the first-login flag. */
export const changePassword = (body: PasswordChangeBody) => api.account.changePassword(body);

/** The refresh is awaited: the guard reads the fresh selfInfo (first-login flag cleared) on the next navigation. */
export const useChangePassword = () => useRefreshingMutation(changePassword, [selfInfoQuery().queryKey]);
