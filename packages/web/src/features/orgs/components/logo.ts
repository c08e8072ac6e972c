/** SPEC section 5: only JPG or PNG; ARCHITECTURE keeps a logo under 500 KB. */
export const LOGO_MAX_BYTES = 500 * 1024;

export type ImageType = 'image/png' | 'image/jpeg';

/** The type a file really is, by its first bytes (the name and the browser's guess can lie). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export type LogoResult = { ok: true; dataUrl: string } | { ok: false; reason: 'type' | 'size' };

/** Checks a chosen file and turns it into the data: URL the API takes, typed by its bytes. */
export async function readLogo(file: Blob): Promise<LogoResult> {
  if (file.size > LOGO_MAX_BYTES) return { ok: false, reason: 'size' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type) return { ok: false, reason: 'type' };
  return { ok: true, dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}
