import { LISTED_IMPORT_MAX_BYTES } from '@safety-shield/contract';

export type WorkbookFile = { ok: true; base64: string } | { ok: false; reason: 'type' | 'size' };

/** An .xlsx is a zip: its first bytes are PK\x03\x04. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** A chosen file as the import takes it (base64), checked first: an .xlsx of at most LISTED_IMPORT_MAX_BYTES. */
export async function readWorkbook(file: Blob): Promise<WorkbookFile> {
  if (file.size > LISTED_IMPORT_MAX_BYTES) return { ok: false, reason: 'size' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isZip(bytes)) return { ok: false, reason: 'type' };
  return { ok: true, base64: toBase64(bytes) };
}
