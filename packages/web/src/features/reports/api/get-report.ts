import type { ReportQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryOnceKnown } from '../../../shared/http/query.js';

/** The report's figures; the previous ones stay while a new range or organisation loads. */
export const useReport = (query: ReportQuery | undefined) =>
  useQueryOnceKnown(['statistics', 'report'], query, (known) => api.report.report(known));
