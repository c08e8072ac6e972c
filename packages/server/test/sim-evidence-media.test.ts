import { existsSync } from 'node:fs';
import { EVIDENCE_SIZE, recordedEvidenceFile } from '@safety-shield/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filedIncident, twoFiles } from './evidence-fixtures.js';
import { seedCompany, seedDevice, waitFor } from './gateway-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';
import { skipWithout } from './services.js';
import { downloadLink } from './upload-fixtures.js';

const FFMPEG = '/usr/bin/ffmpeg';
const noFfmpeg = skipWithout(existsSync(FFMPEG), "Debian's ffmpeg at /usr/bin/ffmpeg");

/** Width and height of a baseline JPEG, from its SOF0 segment; undefined when it has none. */
function sof0(jpeg: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xc0) return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    if (marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The top-level box types of an MP4, in order. */
function boxes(mp4: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    types.push(mp4.subarray(at + 4, at + 8).toString('latin1'));
    if (size < 8) break;
    at += size;
  }
  return types;
}

/** What a reviewer needs of a picture and a video: real size, playable from the first bytes, and modest files. */
function expectRealSize(picture: Buffer, video: Buffer) {
  expect(sof0(picture)).toEqual({ width: EVIDENCE_SIZE.width, height: EVIDENCE_SIZE.height });
  expect(picture.length).toBeLessThan(150 * 1024);
  const types = boxes(video);
  expect(types[0]).toBe('ftyp');
  expect(types).toContain('mdat');
  expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
  expect(video.includes(Buffer.from('avc1'))).toBe(true);
  expect(video.length).toBeLessThan(1024 * 1024);
  expect(video.length).toBeGreaterThan(20_000);
}

describe.skipIf(noFfmpeg)('the simulator’s evidence with ffmpeg (issue 16)', () => {
  it('encodes a 640×360 JPEG and an H.264 MP4 with moov first, the same bytes each time', { timeout: 30_000 }, async () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0);
    const scene = { plate: "AB 12'3:4", triggerAt: at };
    const picture = await recordedEvidenceFile(FFMPEG, { kind: 'picture', channel: 2 }, scene);
    const video = await recordedEvidenceFile(FFMPEG, { kind: 'video', channel: 2, start: at - 10_000, end: at + 10_000 }, scene);
    expect(picture.contentType).toBe('image/jpeg');
    expect(video.contentType).toBe('video/mp4');
    expectRealSize(picture.bytes, video.bytes);
    const again = await recordedEvidenceFile(FFMPEG, { kind: 'picture', channel: 2 }, scene);
    expect(again.sha256).toBe(picture.sha256);
  });

  describe('uploaded by a simulated device', () => {
    let ctx: Portal;
    beforeAll(async () => {
      ctx = await portalWithGateway();
    }, 60_000);
    afterAll(() => ctx?.close(), 60_000);

    it('stores the real-size files the device made', { timeout: 40_000 }, async () => {
      const db = ctx.database.db;
      const company = await seedCompany(db, 'Real media');
      const uuid = 'MEDIA-SIM-1';
      const { secret } = await seedDevice(db, company, uuid);
      const sim = await ctx.startSimulator(uuid, secret, { channels: 1, uploadEvidence: true, plate: 'EV 640' });
      const messageId = sim.raiseIncident('harshBraking', { resources: twoFiles('real') });
      await waitFor(async () => {
        const found = await filedIncident(db, uuid, messageId);
        return found?.resources.length === 2 && found.resources.every((resource) => resource.state === 6);
      }, 30_000);
      const found = await filedIncident(db, uuid, messageId);
      const bytesOf = async (kind: string) => {
        const resource = found?.resources.find((candidate) => candidate.kind === kind);
        const contentType = resource?.contentType ?? '';
        const res = await fetch(downloadLink(ctx.baseUrl, resource?.objectKey ?? '', contentType));
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      };
      expectRealSize(await bytesOf('picture'), await bytesOf('video'));
    });
  });
});
