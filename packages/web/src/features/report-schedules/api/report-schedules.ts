import type {
  ReportRecipient,
  ReportScheduleCreateBody,
  ReportScheduleListQuery,
  ReportScheduleUpdateBody,
  ReportSendBody,
} from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Every report-schedule query sits under this key: a write reads them all again. */
export const REPORT_SCHEDULES_KEY = ['reportSchedules'] as const;

/** Sending renders a PDF per recipient: it may take a while. */
const SEND_TIMEOUT_MS = 180_000;

export const reportSchedulesQuery = (query: ReportScheduleListQuery) =>
  queryOptions({ queryKey: [...REPORT_SCHEDULES_KEY, 'list', query], queryFn: () => api.reportSchedule.list(query) });

/** A page of the caller's schedules; the previous page stays on screen while the next loads. */
export const useReportSchedules = (query: ReportScheduleListQuery) =>
  useQuery({ ...reportSchedulesQuery(query), placeholderData: keepPreviousData });

/** Accounts a report may go to, found by username or name as one types. */
export const useRecipientOptions = (keyword: string) =>
  useQuery({
    queryKey: [...REPORT_SCHEDULES_KEY, 'recipients', keyword],
    queryFn: () => api.reportSchedule.recipients({ keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });

/** The accounts the recipient searches have found so far, by id: what the picker knows of each chosen one. */
export function useFoundRecipients(): (accountId: number) => ReportRecipient | undefined {
  const client = useQueryClient();
  return (accountId) => {
    for (const [, found] of client.getQueriesData<ReportRecipient[]>({ queryKey: [...REPORT_SCHEDULES_KEY, 'recipients'] })) {
      const recipient = found?.find((r) => r.accountId === accountId);
      if (recipient) return recipient;
    }
    return undefined;
  };
}

const refreshed = [REPORT_SCHEDULES_KEY] as const;

export const useCreateSchedule = () =>
  useRefreshingMutation((body: ReportScheduleCreateBody) => api.reportSchedule.create(body), refreshed);
export const useUpdateSchedule = () =>
  useRefreshingMutation((body: ReportScheduleUpdateBody) => api.reportSchedule.update(body), refreshed);
export const useDeleteSchedule = () => useRefreshingMutation((id: number) => api.reportSchedule.remove({ id }), refreshed);
export const useSendSchedule = () =>
  useRefreshingMutation((body: ReportSendBody) => api.reportSchedule.send(body, { timeout: SEND_TIMEOUT_MS }), refreshed);
