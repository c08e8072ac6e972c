import { AppError } from '../../http/errors.js';

/** 512 KB of image at most. */
const MAX_BYTES = 512 * 1024;

const signatures: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

/**
 * SPEC section 5: uploads are JPG or PNG only, judged by the bytes rather than the name or the declared type.
 * Answers the logo as given, or throws UPLOAD_FILE_FAIL.
 */
export function checkedLogo(dataUrl: string | null | undefined): string | null | undefined {
  if (dataUrl === undefined || dataUrl === null || dataUrl === '') return dataUrl === '' ? null : dataUrl;
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  const bytes = match?.[2] ? Buffer.from(match[2], 'base64') : undefined;
  const signature = match?.[1] ? signatures[match[1]] : undefined;
  if (!bytes || !signature || bytes.length > MAX_BYTES || !signature.every((byte, i) => bytes[i] === byte)) {
    throw new AppError('UPLOAD_FILE_FAIL', 'logo');
  }
  return dataUrl;
}
