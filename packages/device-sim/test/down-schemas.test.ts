import { compiled, type DownKind, downMessages, upMessages } from '@safety-shield/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../src/device.js';
import { healthPayload } from '../src/health.js';
import { incidentPayload } from '../src/incidents.js';
import { seededRandom } from '../src/random.js';
import { sosStartPayload, sosStopPayload } from '../src/sos.js';
import { type Harness, startHarness } from './harness.js';

/**
 * The simulator checks every down message of the protocol with the contract's compiled validators: a malformed one is
 * answered `ok: false` naming the problem, and its handler never runs. What it sends passes the gateway's schemas.
 */
describe('down messages against their schemas', () => {
  let harness: Harness;
  let device: SimDevice;
  const problems: Error[] = [];
  const downs: string[] = [];

  beforeAll(async () => {
    harness = await startHarness();
    device = new SimDevice({
      uuid: 'SIM-SCHEMA',
      ...harness.access,
      channels: 2,
      gpsIntervalMs: 60_000,
    });
    device.on('problem', (error) => problems.push(error));
    device.on('down', (kind) => downs.push(kind));
    expect(await device.start()).toBe(true);
    await harness.waitFor(() => harness.up.find((m) => m.uuid === device.uuid && m.kind === 'hello'), 'hello');
  });
  afterAll(async () => {
    await device?.stop();
    await harness?.close();
  });

  const malformed: Record<DownKind, Array<[Record<string, unknown>, RegExp]>> = {
    credential: [
      [{}, /secret is missing/],
      [{ secret: '' }, /secret/],
      [{ secret: 5 }, /secret: must be text/],
    ],
    config: [
      [{ version: 1, settings: { gpsBatch: 0 } }, /settings\.gpsBatch: must be at least 1/],
      [{ version: 1, settings: { gpsBatch: 501 } }, /gpsBatch/],
      [{ version: 1, settings: { uploadIntervalSeconds: 61 } }, /uploadIntervalSeconds: must be at most 60/],
      [{ version: 1, settings: { uploadIntervalSeconds: 1.5 } }, /uploadIntervalSeconds: must be an integer/],
      [{ settings: { gpsBatch: 5 } }, /version is missing/],
      [{ version: 0, settings: { gpsBatch: 5 } }, /version: must be at least 1/],
      [{ version: 1 }, /settings is missing/],
      [{ version: 1, settings: { detections: ['telepathy'] } }, /detections\[0\]: must be one of/],
      [
        { version: 1, settings: { video: [{ channel: 1, resolution: '800x600', frameRate: 15, bitrateKbps: 512 }] } },
        /video\[0\]\.resolution/,
      ],
      [{ version: 1, settings: { evidence: { secondsBefore: 5, secondsAfter: 5, channels: [], pictures: 1 } } }, /evidence\.channels/],
      [{ version: 1, settings: { apn: { name: '' } } }, /apn\.name/],
      [{ version: 1, settings: {}, expiresAt: 'soon' }, /expiresAt: must be an integer/],
      [{ version: 1, settings: {}, partial: 'yes' }, /partial: must be true or false/],
    ],
    // configGet takes no field: only its envelope can be wrong, and that is answered before any schema.
    configGet: [
      [{ v: 2 }, /unsupported version 2/],
      [{ at: 'now' }, /missing v or at/],
    ],
    uploadUrl: [
      [{ incidentMessageId: 'i', resourceId: 'r.jpg', url: 'http://x/objects/t' }, /expiresAt is missing/],
      [{ incidentMessageId: 5, resourceId: 'r.jpg', url: 'http://x', expiresAt: 1 }, /incidentMessageId/],
    ],
    uploadHeld: [[{ incidentMessageId: 'i' }, /resourceId is missing/]],
    evidenceRequest: [
      [{ taskId: 1, incidentMessageId: 'i', resourceIds: [] }, /resourceIds: must hold at least 1 items/],
      [{ taskId: 'one', incidentMessageId: 'i', resourceIds: ['r.jpg'] }, /taskId/],
      [{ taskId: 1, incidentMessageId: 'i', resourceIds: Array.from({ length: 501 }, (_, i) => `r${i}`) }, /at most 500/],
      [{ taskId: 1, incidentMessageId: 'i', resourceIds: ['c'], clip: { resourceId: 'c', channel: 0, start: 1, end: 2 } }, /clip\.channel/],
    ],
    cancelUpload: [[{ taskId: 1.5 }, /taskId: must be an integer/]],
    live: [
      [{ action: 'start', stream: 's1', channel: 1, url: 'http://x', key: 'k' }, /url: must match/],
      [{ action: 'start', stream: 's1', channel: 1, url: 'rtmp://x/live/s1?key=k' }, /key is missing/],
      [{ action: 'pause', stream: 's1', channel: 1 }, /live/],
      [{ action: 'stop', stream: 'bad stream', channel: 1 }, /stream: must match/],
    ],
    dvrIndex: [
      [{ channel: 1, day: '23/11/2026' }, /day: must match/],
      [{ channel: 17, day: '2026-11-23' }, /channel: must be at most 16/],
    ],
    logUpload: [
      [{ taskId: 1, url: 'http://x/objects/t', expiresAt: 1 }, /maxBytes is missing/],
      [{ taskId: 1, url: '', expiresAt: 1, maxBytes: 10 }, /url/],
      [{ taskId: 1, url: 'http://x/objects/t', expiresAt: 1, maxBytes: 0 }, /maxBytes: must be at least 1/],
    ],
    upgrade: [
      [{ upgradeId: 1, version: '2.0.0', url: 'http://x/objects/t', size: 10, expiresAt: 1 }, /sha256 is missing/],
      [{ upgradeId: 1, version: '2.0.0', url: 'http://x/objects/t', size: 10, sha256: 'F'.repeat(64), expiresAt: 1 }, /sha256: must match/],
      [
        { upgradeId: 0, version: '2.0.0', url: 'http://x/objects/t', size: 10, sha256: 'f'.repeat(64), expiresAt: 1 },
        /upgradeId: must be at least 1/,
      ],
      [{ upgradeId: 1, version: '', url: 'http://x/objects/t', size: 10, sha256: 'f'.repeat(64), expiresAt: 1 }, /version/],
    ],
    upgradeCancel: [[{}, /upgradeId is missing/]],
    lock: [
      [{}, /locked is missing/],
      [{ locked: 'yes' }, /locked: must be true or false/],
    ],
    driverText: [
      [{ readAloud: false }, /text is missing/],
      [{ text: '', readAloud: false }, /text/],
    ],
  };

  it('answers a malformed message of every down kind ok: false with the problem, without running its handler', async () => {
    expect(Object.keys(malformed).sort()).toEqual(Object.keys(downMessages).sort());
    for (const [kind, cases] of Object.entries(malformed)) {
      for (const [payload, error] of cases) {
        const ref = await harness.sendDown(device.uuid, kind, payload);
        const ack = await harness.waitFor(
          () => harness.up.find((m) => m.uuid === device.uuid && m.kind === 'ack' && m.payload.ref === ref),
          `ack of ${kind} ${JSON.stringify(payload)}`,
        );
        expect(ack.payload, `${kind} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: expect.stringMatching(error) });
      }
    }
    expect(downs).toEqual([]);
    expect(problems.some((problem) => /malformed config: settings\.gpsBatch/.test(problem.message))).toBe(true);
    expect(problems.some((problem) => /malformed down\/configGet: unsupported version 2/.test(problem.message))).toBe(true);
    expect(device.gpsSettings.gpsBatch).toBe(5);
    expect(device.locked).toBe(false);
    expect(device.upgrade).toBeUndefined();
  });

  it('answers a well-formed message the device cannot carry out with its own reason', async () => {
    const ref = await harness.sendDown(device.uuid, 'dvrIndex', { channel: 3, day: '2026-11-23' });
    const ack = await harness.waitFor(() => harness.up.find((m) => m.payload.ref === ref), 'dvrIndex ack');
    expect(ack.payload).toMatchObject({ ok: false, error: 'no such channel' });
    const nothing = await harness.sendDown(device.uuid, 'config', { version: 1, settings: {}, partial: true });
    const refused = await harness.waitFor(() => harness.up.find((m) => m.payload.ref === nothing), 'config ack');
    expect(refused.payload).toMatchObject({ ok: false, error: 'nothing to configure' });
    const twice = await harness.sendDown(device.uuid, 'config', {
      version: 1,
      settings: {
        video: [
          { channel: 1, resolution: '640x480', frameRate: 15, bitrateKbps: 512 },
          { channel: 1, resolution: '320x240', frameRate: 10, bitrateKbps: 256 },
        ],
      },
    });
    const refusedTwice = await harness.waitFor(() => harness.up.find((m) => m.payload.ref === twice), 'config ack');
    expect(refusedTwice.payload).toMatchObject({ ok: false, error: 'video names a channel twice' });
    expect(downs).toEqual(['dvrIndex', 'config', 'config']);
    expect(device.configuration.version).toBe(0);
  });

  it('sends only what the gateway’s schemas accept', async () => {
    const sample = device.position;
    const incident = incidentPayload('m-1', 'overSpeed', { sample, channels: 2, random: seededRandom(3), now: Date.now() });
    expect(compiled.up.incident.Check(incident)).toBe(true);
    expect(compiled.up.sos.Check(sosStartPayload(sample))).toBe(true);
    expect(compiled.up.sos.Check(sosStopPayload('m-2'))).toBe(true);
    expect(compiled.up.health.Check(healthPayload([{ code: 'cameraLost', channel: 2 }, { code: 'gpsLost' }]))).toBe(true);
    const sent = harness.up.filter((m) => m.uuid === device.uuid);
    for (const kind of ['status', 'hello', 'health', 'configReport', 'lockState', 'ack'] as const) {
      const messages = sent.filter((m) => m.kind === kind);
      expect(messages.length, kind).toBeGreaterThan(0);
      for (const { payload } of messages) {
        expect(compiled.envelope.up.Check(payload), kind).toBe(true);
        expect(compiled.up[kind].Check(payload), `${kind} ${JSON.stringify(payload)}`).toBe(true);
      }
    }
    expect(Object.keys(upMessages)).toContain('gps');
  });
});
