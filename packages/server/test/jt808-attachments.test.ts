import { createHash } from 'node:crypto';
import { ATTACHMENT_TYPE, ID, REPLY_RESULT, writeAttachmentList, writeFileData } from '@safety-shield/contract/jt808';
import { evidenceFile, Jt808SimDevice, memoryCodeStore, uploadAttachments } from '@safety-shield/device-sim';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, incident, incidentHistory, incidentResource, jt808AttachmentRequest } from '../src/db/schema.js';
import { waitFor } from './gateway-fixtures.js';
import { jt808Node } from './jt808-fixtures.js';
import { downloadLink } from './upload-fixtures.js';

/** Issue 30: active-safety attachments (0x9208 → attachment listener → 0x1210/0x1211/data/0x1212 → 0x9212). */
const { database, app, lines, gatewayOn, terminalOn, closeAtEnd, bindToNewVehicle } = await jt808Node('Jt808Att');
const gateway = await gatewayOn();

const TERMINAL = '013900000301';
const UUID = '13900000301';
const sim = new Jt808SimDevice({
  host: '127.0.0.1',
  port: gateway.port,
  terminal: TERMINAL,
  version: 2019,
  plate: 'ATT 301',
  codes: memoryCodeStore(),
  gpsIntervalMs: 500,
  reconnectDelayMs: { min: 100, max: 400 },
  replyTimeoutMs: 3_000,
});
closeAtEnd(() => sim.stop());
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('JT/T 808 active-safety attachments', () => {
  it('stores an ADAS alarm’s picture and clip as the incident’s evidence with their SHA-256, asking again for a lost piece', {
    timeout: 40_000,
  }, async () => {
    expect(await sim.start()).toBe(true);
    const registered = await waitFor(async () => (await database.db.select().from(device).where(eq(device.deviceUuid, UUID)))[0]);
    await bindToNewVehicle(registered.id, 'ATT 301');
    // The clip's second piece is lost on the way: the portal's 0x9212 names it, and the dashcam sends it again.
    sim.loseNextPieces = new Set([1]);
    const uploaded = new Promise<[string, { stored: number; resent: number }]>((resolve) =>
      sim.once('attachments', (number, outcome) => resolve([number, outcome])),
    );
    sim.raiseSafetyAlarm(0x65, 0x01);
    const [alarmNumber, outcome] = await uploaded;
    expect(alarmNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(outcome.stored).toBe(2);
    expect(outcome.resent).toBeGreaterThanOrEqual(1);

    const [filed] = await database.db
      .select()
      .from(incident)
      .where(and(eq(incident.deviceId, registered.id), eq(incident.type, 'fatigue')));
    if (!filed) throw new Error('no incident');
    const resources = await database.db
      .select()
      .from(incidentResource)
      .where(eq(incidentResource.incidentId, filed.id))
      .orderBy(asc(incidentResource.kind));
    expect(resources.map((r) => [r.kind, r.state, r.channel])).toEqual([
      ['picture', 4, 1],
      ['video', 4, 1],
    ]);
    for (const resource of resources) {
      const sent = evidenceFile(TERMINAL, alarmNumber, { id: resource.deviceResourceId, kind: resource.kind });
      expect(resource.sha256).toBe(sent.sha256);
      expect(resource.sizeBytes).toBe(sent.bytes.length);
      // Served back byte for byte, as the console's player gets it.
      const res = await app.inject({ method: 'GET', url: downloadLink('', resource.objectKey ?? '', sent.contentType) });
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(sent.sha256);
    }
    // The console's upload history shows the files moving through started and stored.
    const history = await database.db
      .select({ detail: incidentHistory.detail })
      .from(incidentHistory)
      .where(and(eq(incidentHistory.incidentId, filed.id), eq(incidentHistory.action, 'upload')));
    expect(history.map((h) => (h.detail as { state: number }).state).sort()).toEqual([3, 3, 4, 4]);
  });

  it('refuses a connection with an alarm number never given, or given to another terminal, and keeps nothing of it', async () => {
    const [issued] = await database.db.select().from(jt808AttachmentRequest).where(eq(jt808AttachmentRequest.deviceUuid, UUID));
    if (!issued) throw new Error('no alarm number issued');
    const mark = { terminalId: '0000301', time: '261207120000', serial: 9, attachments: 1 };
    for (const [terminal, alarmNumber] of [
      [TERMINAL, 'f'.repeat(32)],
      ['013900000999', issued.alarmNumber],
    ] as const) {
      const before = await database.db.select().from(incidentResource);
      const link = await terminalOn(gateway.attachmentPort, terminal, 2019);
      const files = [{ name: `00_1_6501_0_${alarmNumber}.jpg`, size: 10 }];
      const reply = await link.generalRequest(
        ID.attachmentList,
        writeAttachmentList({ terminalId: '0000301', mark, alarmNumber, infoType: 0, files }),
      );
      expect(reply.result).toBe(REPLY_RESULT.failed);
      await link.closed;
      expect(await database.db.select().from(incidentResource)).toEqual(before);
    }
    await waitFor(() => lines.some((line) => JSON.stringify(line).includes('no such alarm number')));
  });

  it('keeps no more files of one list than an incident report may list, and none whose name has control characters', async () => {
    const [issued] = await database.db.select().from(jt808AttachmentRequest).where(eq(jt808AttachmentRequest.deviceUuid, UUID));
    if (!issued) throw new Error('no alarm number issued');
    const [{ incidentId } = { incidentId: 0 }] = await database.db
      .select({ incidentId: incident.id })
      .from(incident)
      .where(and(eq(incident.deviceUuid, UUID), eq(incident.messageId, issued.incidentMessageId)));
    const count = async () => (await database.db.select().from(incidentResource).where(eq(incidentResource.incidentId, incidentId))).length;
    const before = await count();
    const files = [
      { name: `00_1_6501_9_bad\u0007name.jpg`, size: 10 },
      ...Array.from({ length: 20 }, (_, i) => ({ name: `00_1_6501_${20 + i}_many.jpg`, size: 10 })),
    ];
    const link = await terminalOn(gateway.attachmentPort, TERMINAL, 2019);
    const mark = { terminalId: '0000301', time: '261207120000', serial: 8, attachments: files.length };
    const reply = await link.generalRequest(
      ID.attachmentList,
      writeAttachmentList({ terminalId: '0000301', mark, alarmNumber: issued.alarmNumber, infoType: 0, files }),
    );
    expect(reply.result).toBe(REPLY_RESULT.ok);
    const names = (await database.db.select().from(incidentResource).where(eq(incidentResource.incidentId, incidentId))).map(
      (r) => r.deviceResourceId,
    );
    expect(names.length - before).toBe(16);
    expect(names.some((name) => name.includes('\u0007'))).toBe(false);
  });

  it('survives a data frame longer than it reads and data of no file: the connection ends, the listener goes on', {
    timeout: 20_000,
  }, async () => {
    const link = await terminalOn(gateway.attachmentPort, TERMINAL, 2019);
    link.sendRaw(writeFileData({ name: 'x.jpg', offset: 0, data: new Uint8Array(10) }));
    link.sendRaw(writeFileData({ name: 'x.jpg', offset: 0, data: new Uint8Array(2 * 1024 * 1024) }));
    await link.closed;
    // The dashcam's next alarm's files still go up.
    const uploaded = new Promise<unknown>((resolve) => sim.once('attachments', resolve));
    sim.raiseSafetyAlarm(0x64, 0x02);
    await uploaded;
    expect(sim.stats.attachmentsStored).toBe(4);
  });

  it('fails a file whose bytes are not its kind’s, with the reason, and asks for nothing again', async () => {
    const [issued] = await database.db.select().from(jt808AttachmentRequest).where(eq(jt808AttachmentRequest.deviceUuid, UUID));
    if (!issued) throw new Error('no alarm number issued');
    const name = `00_1_6502_7_${issued.alarmNumber}.jpg`;
    const outcome = await uploadAttachments(
      {
        host: '127.0.0.1',
        tcpPort: gateway.attachmentPort,
        udpPort: 0,
        mark: { terminalId: '0000301', time: '261207120000', serial: 7, attachments: 1 },
        alarmNumber: issued.alarmNumber,
      },
      [{ name, type: ATTACHMENT_TYPE.picture, bytes: new TextEncoder().encode('not a picture at all') }],
      { terminal: TERMINAL, version: 2019, terminalId: '0000301' },
    );
    expect(outcome).toEqual({ stored: 1, resent: 0 });
    const [failed] = await database.db.select().from(incidentResource).where(eq(incidentResource.deviceResourceId, name));
    expect(failed).toMatchObject({ state: -1, objectKey: null });
    expect(failed?.failReason).toMatch(/not a image\/jpeg file/);
  });
});
