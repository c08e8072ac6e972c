import type { SsoConfigBody } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const ssoConfigQuery = (companyId: number) =>
  queryOptions({ queryKey: ['sso', companyId], queryFn: () => api.sso.config({ id: companyId }) });

/** A company's single sign-on setting (the secret only as "set"). */
export const useSsoConfig = (companyId: number | undefined) =>
  useQuery({ ...ssoConfigQuery(companyId ?? 0), enabled: companyId !== undefined });

export const useSaveSsoConfig = () => useRefreshingMutation((body: SsoConfigBody) => api.sso.saveConfig(body), [['sso']]);

export const useRemoveSsoConfig = () => useRefreshingMutation((id: number) => api.sso.removeConfig({ id }), [['sso']]);
