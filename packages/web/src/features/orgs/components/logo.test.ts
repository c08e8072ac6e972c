import { describe, expect, it } from 'vitest';
import { imageTypeOf, LOGO_MAX_BYTES, readLogo } from './logo.js';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];

describe('logo upload check', () => {
  it('knows PNG and JPEG by their first bytes', () => {
    expect(imageTypeOf(new Uint8Array(PNG))).toBe('image/png');
    expect(imageTypeOf(new Uint8Array(JPG))).toBe('image/jpeg');
  });

  it('refuses a GIF or a text file whatever its name', () => {
    expect(imageTypeOf(new TextEncoder().encode('GIF89a...'))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns=…>'))).toBeNull();
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('answers a data: URL typed by the bytes, not by the file name', async () => {
    const result = await readLogo(new Blob([new Uint8Array(JPG)], { type: 'image/png' }));
    expect(result).toEqual({ ok: true, dataUrl: `data:image/jpeg;base64,${Buffer.from(JPG).toString('base64')}` });
  });

  it('refuses a file over 500 KB and a file of another type', async () => {
    expect(await readLogo(new Blob([new Uint8Array(LOGO_MAX_BYTES + 1)]))).toEqual({ ok: false, reason: 'size' });
    expect(await readLogo(new Blob(['hello']))).toEqual({ ok: false, reason: 'type' });
  });
});
