import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from '../src/web.js';

/** The console's files go out as the build compressed them: brotli, else gzip, else as they are. */
describe('serving the built console', () => {
  const script = Buffer.from('console.log("Safety Shield");\n'.repeat(500));
  let root = '';
  const app = Fastify();
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ss-web-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Safety Shield</title>');
    const file = path.join(root, 'assets', 'app-abc123.js');
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    await registerWeb(app, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true });
  });

  const get = (encoding: string) => app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });

  it('sends the brotli copy to a browser that takes it, the gzip one to one that takes only gzip', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(script))).toBe(true);
  });

  it('sends the file as it is to a client that takes no compression', async () => {
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
  });
});
