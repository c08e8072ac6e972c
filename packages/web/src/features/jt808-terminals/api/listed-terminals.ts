import { jt808TerminalApi, type ListedTerminalBody } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../shared/http/api.js';
import { downloadFile } from '../../../shared/http/download.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** The list's queries: every change of the list reads them again, and the unmatched devices (a listed terminal is one). */
const LISTED = ['jt808-terminals'] as const;
const refreshed = [LISTED, ['devices']] as const;

export const listedQuery = (companyId: number | undefined, page: number, limit: number) =>
  queryOptions({
    queryKey: [...LISTED, companyId ?? 'own', page, limit],
    queryFn: () => api.jt808Terminal.listed({ companyId, page, limit }),
    placeholderData: keepPreviousData,
  });

/** A page of the company's listed terminals; wider roles wait until they chose a company (`enabled`). */
export const useListedTerminals = (companyId: number | undefined, page: number, limit: number, enabled: boolean) =>
  useQuery({ ...listedQuery(companyId, page, limit), enabled });

export const useAddListedTerminal = () => useRefreshingMutation((body: ListedTerminalBody) => api.jt808Terminal.add(body), refreshed);

/** Refused with DEVICE_STATE_ERROR (toast from the HTTP layer) once the terminal registered. */
export const useRemoveListedTerminal = () => useRefreshingMutation((id: number) => api.jt808Terminal.remove({ id }), refreshed);

export const useImportListedTerminals = () =>
  useRefreshingMutation((body: { companyId: number | undefined; file: string }) => api.jt808Terminal.import(body), refreshed);

/** Saves the list as .xlsx in the import's layout (the template when empty); answers whether it was saved. */
export function downloadListed(companyId: number | undefined): Promise<boolean> {
  const filename = `jt808-terminals-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(jt808TerminalApi.export, { companyId, filename }, filename);
}
