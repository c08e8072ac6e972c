import type {
  DashboardCandlestick,
  DashboardFleetStatistic,
  DashboardIncident,
  DashboardMaintenance,
  DashboardPeriod,
  DashboardPeriodChart,
  DashboardQuotaStatus,
  DashboardRange,
  DashboardRemoteUpgrade,
  DashboardSubscription,
  DashboardToDay,
} from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Every figure of the page: one call each, all under the 'dashboard' key so a refresh reloads them together. */
const get = <T>(path: string, params: Record<string, string | number | undefined> = {}) =>
  queryOptions({ queryKey: ['dashboard', path, params], queryFn: () => http.get<T>(`/v1/dashboard/${path}`, params) });

export const useToDay = () => useQuery(get<DashboardToDay>('toDay'));
export const useMaintenance = () => useQuery(get<DashboardMaintenance>('maintenance'));
export const useRemoteUpgrade = () => useQuery(get<DashboardRemoteUpgrade>('remoteUpgrade'));
export const useQuotaStatus = () => useQuery(get<DashboardQuotaStatus>('quotaStatus'));
export const useSubscriptionState = () => useQuery(get<DashboardSubscription>('subscription'));

export const useIncidentFigures = (range: DashboardRange) =>
  useQuery({ ...get<DashboardIncident>('incident', { range }), placeholderData: keepPreviousData });
export const usePeriodChart = (range: DashboardRange, period: DashboardPeriod) =>
  useQuery({ ...get<DashboardPeriodChart>('period', { range, period }), placeholderData: keepPreviousData });
export const useCandlesticks = (range: DashboardRange) =>
  useQuery({ ...get<DashboardCandlestick>('candlestickChart', { range }), placeholderData: keepPreviousData });
export const useFleetStatistics = (range: DashboardRange) =>
  useQuery({ ...get<DashboardFleetStatistic>('fleetStatistic', { range }), placeholderData: keepPreviousData });
