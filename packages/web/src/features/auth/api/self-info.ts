import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { keptQuery } from '../../../shared/http/query.js';

/** Silent: the guard decides what a failure means (back to login with the time-out message). */
export const selfInfoQuery = () => keptQuery(['selfInfo'], api.account.selfInfo);

export const useSelfInfo = () => useQuery(selfInfoQuery());
