import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressFile } from '../precompress.js';

describe('precompressed console files', () => {
  const dirs: string[] = [];
  const fileWith = async (content: Buffer) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ss-precompress-'));
    dirs.push(dir);
    const file = path.join(dir, 'app.js');
    await writeFile(file, content);
    return file;
  };
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true }))));

  it('writes brotli and gzip copies that unpack to the same bytes and are smaller', async () => {
    const source = Buffer.from('export const greet = (name) => "Hello, " + name;\n'.repeat(400));
    const file = await fileWith(source);
    const sizes = await compressFile(file);
    expect(sizes.raw).toBe(source.length);
    expect(sizes.br).toBeLessThan(sizes.gz ?? Number.POSITIVE_INFINITY);
    expect(sizes.gz).toBeLessThan(source.length / 10);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(source)).toBe(true);
    expect(gunzipSync(await readFile(`${file}.gz`)).equals(source)).toBe(true);
  });

  it('keeps no copy that is not smaller (random bytes do not compress)', async () => {
    const file = await fileWith(Buffer.from(crypto.getRandomValues(new Uint8Array(4096))));
    const sizes = await compressFile(file);
    expect(sizes).toMatchObject({ br: null, gz: null });
    await expect(readFile(`${file}.br`)).rejects.toThrow();
  });
});
