import { eventApi, type IncidentListQuery } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { downloadFile } from '../../../shared/http/download.js';

/** Saves the filtered incident list as .xlsx. SPEC section 8: a failure is only logged (by the download helper). */
export function exportIncidents(filters: Omit<IncidentListQuery, 'page' | 'limit'>): Promise<boolean> {
  const filename = `incidents-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(eventApi.export, { ...filters, filename }, filename);
}
