import { type EvidenceAccessQuery, eventApi } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { api } from '../../../shared/http/api.js';
import { downloadFile } from '../../../shared/http/download.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** Who viewed or downloaded an incident's evidence, newest first. */
export const useEvidenceAccess = (params: EvidenceAccessQuery) =>
  useQueryKeepingPrevious(['incidents', 'evidence-access', params], () => api.event.accessList(params));

/** Saves an incident's whole access list as .xlsx; answers whether it was saved (SPEC section 8: failures are logged). */
export function exportEvidenceAccess(eventId: number): Promise<boolean> {
  const filename = `evidence-access-${eventId}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(eventApi.accessExport, { eventId, filename }, filename);
}
