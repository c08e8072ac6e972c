import type { ReportQuery } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The report's figures; the previous ones stay while a new range or organisation loads. */
export const useReport = (query: ReportQuery | undefined) =>
  useQuery({
    queryKey: ['statistics', 'report', query],
    queryFn: () => api.report.report(query as ReportQuery),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
