import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import type { IncidentResource } from '@safety-shield/contract/device';
import { afterEach, describe, expect, it } from 'vitest';
import { evidenceFile } from '../src/evidence.js';
import { EvidenceUploader } from '../src/uploads.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const picture: IncidentResource = { id: 'm1-ch1.jpg', kind: 'picture', channel: 1 };
const video: IncidentResource = { id: 'm1-ch1.mp4', kind: 'video', channel: 1 };

describe('fake evidence files', () => {
  it('are deterministic JPEGs and MP4s with their SHA-256', () => {
    const jpeg = evidenceFile('DVR-1', 'm1', picture);
    expect(jpeg.contentType).toBe('image/jpeg');
    expect([...jpeg.bytes.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(jpeg.sha256).toBe(sha(jpeg.bytes));
    expect(evidenceFile('DVR-1', 'm1', picture).bytes.equals(jpeg.bytes)).toBe(true);
    expect(evidenceFile('DVR-2', 'm1', picture).sha256).not.toBe(jpeg.sha256);

    const mp4 = evidenceFile('DVR-1', 'm1', video);
    expect(mp4.contentType).toBe('video/mp4');
    expect(mp4.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp4.bytes.length).toBeGreaterThanOrEqual(200_000);
    expect(mp4.bytes.length).toBeLessThan(500_000);
    expect(mp4.sha256).toBe(sha(mp4.bytes));
  });
});

/** An HTTP server answering each PUT with the next status of the list (then 200), keeping what it received. */
async function evidenceServer(statuses: number[]) {
  const received: Array<{ contentType: string | undefined; sha256: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'], sha256: sha(Buffer.concat(chunks)) });
      res.statusCode = statuses.shift() ?? 200;
      res.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/objects/token`;
  return { server, url, received };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An uploader whose "portal" answers every apply with the URL, after the PUBACK. */
function uploaderFor(url: string | null, options: { maxTries?: number } = {}) {
  const reports: Array<Record<string, unknown>> = [];
  const uploader: EvidenceUploader = new EvidenceUploader({
    uuid: 'DVR-1',
    retryDelayMs: 10,
    urlTimeoutMs: 100,
    ...options,
    publish: async (payload) => {
      reports.push(payload);
      if (payload.state === 1 && url) {
        const { incidentMessageId, resourceId } = payload;
        setTimeout(() => uploader.offerUrl({ v: 1, id: 'd', at: Date.now(), incidentMessageId, resourceId, url, expiresAt: 0 }), 5);
      }
      return true;
    },
  });
  return { uploader, reports };
}

const until = async (probe: () => boolean) => {
  for (let i = 0; i < 500 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(probe()).toBe(true);
};

describe('the evidence uploader', () => {
  it('applies, reports 3, PUTs, then reports 5 and 6, one resource after the other', async () => {
    const { server, url, received } = await evidenceServer([]);
    servers.push(server);
    const { uploader, reports } = uploaderFor(url);
    uploader.enqueue('m1', [picture, video]);
    await until(() => uploader.counts.uploaded === 2);
    const jpeg = evidenceFile('DVR-1', 'm1', picture);
    expect(reports.slice(0, 4)).toEqual([
      {
        incidentMessageId: 'm1',
        resourceId: picture.id,
        state: 1,
        size: jpeg.bytes.length,
        sha256: jpeg.sha256,
        contentType: 'image/jpeg',
      },
      { incidentMessageId: 'm1', resourceId: picture.id, state: 3 },
      { incidentMessageId: 'm1', resourceId: picture.id, state: 5 },
      { incidentMessageId: 'm1', resourceId: picture.id, state: 6 },
    ]);
    expect(reports.slice(4).map((report) => [report.resourceId, report.state])).toEqual([
      [video.id, 1],
      [video.id, 3],
      [video.id, 5],
      [video.id, 6],
    ]);
    expect(received).toEqual([
      { contentType: 'image/jpeg', sha256: jpeg.sha256 },
      { contentType: 'video/mp4', sha256: evidenceFile('DVR-1', 'm1', video).sha256 },
    ]);
  });

  it('reports -1 with the reason of a failed PUT and retries with a fresh apply', async () => {
    const { server, url } = await evidenceServer([503]);
    servers.push(server);
    const { uploader, reports } = uploaderFor(url);
    uploader.enqueue('m1', [picture]);
    await until(() => uploader.counts.uploaded === 1);
    expect(reports.map((report) => report.state)).toEqual([1, 3, -1, 1, 3, 5, 6]);
    expect(reports[2]).toMatchObject({ state: -1, reason: 'HTTP 503' });
    expect(uploader.counts).toEqual({ uploaded: 1, failedTries: 1, abandoned: 0, held: 0 });
  });

  it('gives a resource up after a bounded number of tries (no URL, or a PUT that never works)', async () => {
    const { uploader, reports } = uploaderFor(null, { maxTries: 3 });
    uploader.enqueue('m1', [picture]);
    await until(() => uploader.counts.abandoned === 1);
    expect(reports.map((report) => report.state)).toEqual([1, 1, 1]);

    // A port nobody listens on: every PUT fails.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const dead = uploaderFor(`http://127.0.0.1:${deadPort}/objects/x`, { maxTries: 2 });
    dead.uploader.enqueue('m1', [picture]);
    await until(() => dead.uploader.counts.abandoned === 1);
    expect(dead.reports.map((report) => report.state)).toEqual([1, 3, -1, 1, 3, -1]);
    expect(dead.uploader.counts.failedTries).toBe(2);
  });

  it('ignores a URL nobody waits for', () => {
    const { uploader } = uploaderFor(null);
    expect(uploader.offerUrl({ v: 1, id: 'd', at: 0, incidentMessageId: 'x', resourceId: 'y', url: 'http://h/' })).toBe(false);
  });
});
