import type { DashboardPeriod, DashboardRange } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Every figure of the page: one call each, all under the 'dashboard' key so a refresh reloads them together. */
const figure = <T>(name: string, queryFn: () => Promise<T>, params: Record<string, string> = {}) =>
  queryOptions({ queryKey: ['dashboard', name, params], queryFn });

export const useToDay = () => useQuery(figure('toDay', () => api.dashboard.toDay()));
export const useMaintenance = () => useQuery(figure('maintenance', () => api.dashboard.maintenance()));
export const useRemoteUpgrade = () => useQuery(figure('remoteUpgrade', () => api.dashboard.remoteUpgrade()));
export const useQuotaStatus = () => useQuery(figure('quotaStatus', () => api.dashboard.quotaStatus()));
export const useSubscriptionState = () => useQuery(figure('subscription', () => api.dashboard.subscription()));

export const useIncidentFigures = (range: DashboardRange) =>
  useQuery({ ...figure('incident', () => api.dashboard.incident({ range }), { range }), placeholderData: keepPreviousData });
export const usePeriodChart = (range: DashboardRange, period: DashboardPeriod) =>
  useQuery({ ...figure('period', () => api.dashboard.period({ range, period }), { range, period }), placeholderData: keepPreviousData });
export const useCandlesticks = (range: DashboardRange) =>
  useQuery({ ...figure('candlestick', () => api.dashboard.candlestick({ range }), { range }), placeholderData: keepPreviousData });
export const useFleetStatistics = (range: DashboardRange) =>
  useQuery({ ...figure('fleetStatistic', () => api.dashboard.fleetStatistic({ range }), { range }), placeholderData: keepPreviousData });
