import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ObjectSigner } from '../packages/server/src/storage/signed-urls.js';
import { COMPANY_PASSWORD, seed as seedAccounts } from './accounts.js';
import { loginToken } from './client.js';
import { seedIncidents } from './incidents.js';
import { onPostgres, printTable, saveResult } from './lib.js';

const EXPORTED = 100_000;
const UPLOAD_BYTES = 200 * 1024 * 1024;
const MB = 1024 * 1024;

/** Resident memory of a process (Linux /proc), sampled every 20 ms while `work` runs: the peak above the start. */
async function rssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; baselineMb: number; growthMb: number }> {
  const rss = async () => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const baseline = await rss();
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rss());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, baselineMb: Math.round(baseline / MB), growthMb: Math.round((peak - baseline) / MB) };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** Reads a response to its end without keeping it: what a browser saving a download does. */
async function drain(res: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/** A `size`-byte MP4-shaped body made as it is sent (the store checks the `ftyp` box of an MP4). */
function mp4Body(size: number): Readable {
  const chunk = randomBytes(MB);
  Buffer.from([0, 0, 0, 24]).copy(chunk, 0);
  chunk.write('ftypisom', 4, 'latin1');
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const part = chunk.subarray(0, Math.min(MB, size - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/**
 * Issue 6: an export of 100,000 incidents streams with the server's memory growing less than 100 MB; a 200 MB
 * video upload grows it less than 50 MB. Measured as the portal process's peak resident memory above its start.
 */
export async function benchEvidence() {
  const secret = randomBytes(32);
  return onPostgres('Evidence and export memory', { SECRET_KEY: secret.toString('base64') }, async (portal, url) => {
    const pid = portal.process.pid ?? 0;
    await seedAccounts(url);
    await seedIncidents(url, EXPORTED, 1);
    const token = await loginToken(portal.url, 'bench.company', COMPANY_PASSWORD);
    const exportUrl = `${portal.url}/v2/event/export?filename=bench.xlsx`;
    // A small warm-up export loads the workbook code, so its one-off cost does not count as growth.
    await drain(await fetch(`${exportUrl}&licensePlate=PL%201`, { headers: { 'x-token': token } }));

    const started = performance.now();
    const exported = await rssGrowth(pid, async () => drain(await fetch(exportUrl, { headers: { 'x-token': token } })));
    const exportSeconds = (performance.now() - started) / 1000;

    const signer = new ObjectSigner(secret);
    const grant = signer.sign({
      op: 'put',
      key: 'bench/upload',
      exp: Date.now() + 10 * 60_000,
      maxBytes: 500 * MB,
      contentType: 'video/mp4',
    });
    const uploadStart = performance.now();
    const uploaded = await rssGrowth(pid, async () => {
      const res = await fetch(`${portal.url}/objects/${grant}`, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-length': String(UPLOAD_BYTES) },
        body: Readable.toWeb(mp4Body(UPLOAD_BYTES)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      return (await res.json()).data as { size: number };
    });
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    if (uploaded.result.size !== UPLOAD_BYTES) throw new Error(`stored ${uploaded.result.size} bytes of ${UPLOAD_BYTES}`);

    const result = {
      export: {
        incidents: EXPORTED,
        bytes: exported.result,
        seconds: Number(exportSeconds.toFixed(1)),
        rssGrowthMb: exported.growthMb,
        targetMb: 100,
      },
      upload: { bytes: UPLOAD_BYTES, seconds: Number(uploadSeconds.toFixed(1)), rssGrowthMb: uploaded.growthMb, targetMb: 50 },
      baselineRssMb: exported.baselineMb,
    };
    printTable('Streaming memory of the portal process (PostgreSQL): peak resident memory above its start', [
      {
        work: `export of ${EXPORTED.toLocaleString('en')} incidents (.xlsx)`,
        'size MB': Math.round(exported.result / MB),
        seconds: result.export.seconds,
        'growth MB': exported.growthMb,
        'target MB': 100,
      },
      {
        work: 'one 200 MB video upload',
        'size MB': 200,
        seconds: result.upload.seconds,
        'growth MB': uploaded.growthMb,
        'target MB': 50,
      },
    ]);
    await saveResult('evidence', result);
    return result;
  });
}
