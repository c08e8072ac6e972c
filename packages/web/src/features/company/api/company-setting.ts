import type { CompanySettingBody } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const companySettingQuery = () =>
  queryOptions({
    queryKey: ['companySetting'],
    // Silent: while an organisation clause waits the server refuses this call, and the page says why itself.
    queryFn: () => api.org.companySetting(undefined, { silent: true }),
  });

/** The Company Admin's own company, logo included, and its notification settings. */
export const useCompanySetting = () => useQuery(companySettingQuery());

export const saveCompanySetting = (body: CompanySettingBody) => api.org.updateCompanySetting(body);

/** Saves what was given; the company's row in the organisation lists and the caller's logo (selfInfo.orgPic) refresh too. */
export const useSaveCompanySetting = () => useRefreshingMutation(saveCompanySetting, [['companySetting'], ['orgs'], ['selfInfo']]);
