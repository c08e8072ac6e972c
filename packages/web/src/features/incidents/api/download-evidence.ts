import { EVIDENCE_ZIP_NAME, resourceApi } from '@safety-shield/contract';
import { downloadZip } from '../../../shared/http/download-zip.js';

/** Saves the stored pictures and videos of the incidents as one zip (with SHA256SUMS); answers whether it was saved. */
export function downloadEvidence(eventIds: number[], onProgress?: (received: number) => void): Promise<boolean> {
  return downloadZip(resourceApi.zip, { eventId: eventIds }, { fallbackName: EVIDENCE_ZIP_NAME, onProgress });
}
