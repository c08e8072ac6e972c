import { useQuery } from '@tanstack/react-query';
import type { CallOptions } from '../../../shared/http/api.js';
import { api } from '../../../shared/http/api.js';
import { keptQuery } from '../../../shared/http/query.js';
import { setAccountTimeZone } from '../../../shared/time/zone.js';

/** The user info; the account's time zone becomes the console's as it arrives (issue 16), before any view draws a time. */
const loadSelfInfo = async (input: undefined, options: CallOptions) => {
  const info = await api.account.selfInfo(input, options);
  setAccountTimeZone(info.baseInfo.timeZone);
  return info;
};

/** Silent: the guard decides what a failure means (back to login with the time-out message). */
export const selfInfoQuery = () => keptQuery(['selfInfo'], loadSelfInfo);

export const useSelfInfo = () => useQuery(selfInfoQuery());
