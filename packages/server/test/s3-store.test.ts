import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { objectApi } from '@safety-shield/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type S3Config } from '../src/config.js';
import { createObjectStore } from '../src/storage/create-object-store.js';
import { DiskStore } from '../src/storage/disk-store.js';
import { S3Store } from '../src/storage/s3-store.js';
import { ObjectSigner } from '../src/storage/signed-urls.js';
import { urlOf } from './api-client.js';
import { testApp, testConfig } from './helpers.js';
import { jpegOf, objectStoreContract } from './store-contract.js';
import { oneUploadPerLink } from './upload-fixtures.js';

/**
 * A real S3-compatible server (s3rver: signature v4, ranges, multipart uploads) on a free port, in a process of its own
 * as a store is in production: in this one, its buffers would count against the store's bounded memory.
 */
const s3rverMain = `
const { default: S3rver } = await import('s3rver');
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[1], configureBuckets: [{ name: 'evidence' }] });
const { port } = await server.run();
process.stdout.write(port + '\\n');
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();
`;
const directory = mkdtempSync(path.join(tmpdir(), 'safety-shield-s3-'));
let server: ChildProcess;
let s3: S3Config;
let s3Store: S3Store;
const diskStore = new DiskStore(mkdtempSync(path.join(tmpdir(), 'safety-shield-disk-')));
/** Two portal nodes on one database, both with the bucket as their object store. */
let nodes: Awaited<ReturnType<typeof testApp>>;
let nodeB: Awaited<ReturnType<typeof buildApp>>;
const urls: [string, string] = ['', ''];

beforeAll(async () => {
  server = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', s3rverMain, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const started = once(server.stdout ?? process.stdin, 'data') as Promise<[Buffer]>;
  const failed = once(server, 'exit').then(([code]) => Promise.reject(new Error(`s3rver exited with ${code}`)));
  const [line] = await Promise.race([started, failed]);
  s3 = {
    endpoint: `http://127.0.0.1:${Number(line.toString().trim())}`,
    bucket: 'evidence',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  s3Store = new S3Store(s3);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safety-shield-s3-nodes-'));
  nodes = await testApp({ s3, dataDir });
  nodeB = await buildApp({ ...testConfig, s3, dataDir }, nodes.database, { logger: false });
  urls[0] = await nodes.app.listen({ port: 0, host: '127.0.0.1' });
  urls[1] = await nodeB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await nodeB?.close();
  await nodes?.close();
  // Closing its stdin stops the server; it is killed should it not stop in time.
  if (server.exitCode === null) {
    const exited = once(server, 'exit');
    server.stdin?.end();
    const timer = setTimeout(() => server.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(directory, { recursive: true, force: true });
});

objectStoreContract('DiskStore', () => diskStore);
objectStoreContract('S3Store', () => s3Store);
oneUploadPerLink('the S3-compatible store', () => ({ urls, db: nodes.database.db }));

describe('the S3-compatible evidence store', () => {
  it('is configured by S3_* variables, and refuses to start with an endpoint but no bucket', () => {
    vi.stubEnv('SECRET_KEY', testConfig.secretKey.toString('base64'));
    vi.stubEnv('DATA_DIR', directory);
    try {
      expect(loadConfig().s3).toBeUndefined();
      vi.stubEnv('S3_ENDPOINT', 'http://minio:9000');
      expect(() => loadConfig()).toThrow('S3_BUCKET');
      vi.stubEnv('S3_BUCKET', 'evidence');
      expect(loadConfig().s3).toEqual({
        endpoint: 'http://minio:9000',
        bucket: 'evidence',
        region: 'us-east-1',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      });
      vi.stubEnv('S3_FORCE_PATH_STYLE', '0');
      vi.stubEnv('S3_ACCESS_KEY_ID', 'key');
      expect(() => loadConfig()).toThrow('S3_SECRET_ACCESS_KEY');
      vi.stubEnv('S3_SECRET_ACCESS_KEY', 'secret');
      expect(loadConfig().s3).toMatchObject({ accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is the one S3_ENDPOINT picks', () => {
    expect(createObjectStore({ s3 })).toBeInstanceOf(S3Store);
    expect(createObjectStore({ dataDir: directory })).toBeInstanceOf(DiskStore);
  });

  it('takes an upload through the portal’s signed URL into the bucket and serves it back by ranges', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'safety-shield-s3-app-'));
    const ctx = await testApp({ s3, dataDir });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
      const signer = new ObjectSigner(testConfig.secretKey);
      const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), jpegOf(6 * 1024 * 1024).subarray(12)]);
      const sha256 = createHash('sha256').update(video).digest('hex');
      const key = 'incident/9/1';
      const grant = { key, exp: Date.now() + 60_000, contentType: 'video/mp4' };
      const uploadUrl = (token: string) => `${base}${urlOf(objectApi.upload, { token })}`;
      const downloadUrl = (token: string) => `${base}${urlOf(objectApi.download, { token })}`;
      const put = await fetch(uploadUrl(signer.sign({ ...grant, op: 'put', maxBytes: 10 * 1024 * 1024, sha256 })), {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        body: video,
      });
      expect(await put.json()).toMatchObject({ code: 200, data: { size: video.length, sha256 } });
      // In the bucket, not on the portal's disk.
      const client = new S3Client({ ...s3, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      expect((await client.send(new HeadObjectCommand({ Bucket: 'evidence', Key: key }))).ContentLength).toBe(video.length);
      client.destroy();
      expect(existsSync(path.join(dataDir, 'objects'))).toBe(false);

      const url = downloadUrl(signer.sign({ ...grant, op: 'get' }));
      const part = await fetch(url, { headers: { range: 'bytes=5242870-5242889' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 5242870-5242889/${video.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(5242870, 5242890))).toBe(true);
      const tail = await fetch(url, { headers: { range: 'bytes=-100' } });
      expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-100))).toBe(true);
      const whole = await fetch(url);
      expect(whole.headers.get('content-length')).toBe(String(video.length));
      expect(
        createHash('sha256')
          .update(Buffer.from(await whole.arrayBuffer()))
          .digest('hex'),
      ).toBe(sha256);
      expect((await fetch(url, { headers: { range: `bytes=${video.length}-` } })).status).toBe(416);

      // Bytes other than the announced ones never reach the key.
      const other = uploadUrl(signer.sign({ ...grant, key: 'incident/9/2', op: 'put', maxBytes: 10 * 1024 * 1024, sha256 }));
      const altered = await fetch(other, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: video.subarray(0, 1000) });
      expect(altered.status).toBe(422);
      const missing = await fetch(downloadUrl(signer.sign({ ...grant, key: 'incident/9/2', op: 'get' })));
      expect(missing.status).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
