import { ALARM_BIT } from '@safety-shield/contract/jt808';
import { evidenceFile, Jt808SimDevice, memoryCodeStore } from '@safety-shield/device-sim';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, incident, incidentResource } from '../src/db/schema.js';
import { waitFor } from './gateway-fixtures.js';
import { jt808Node } from './jt808-fixtures.js';

/**
 * Issue 30: the standard's own alarms get a picture (docs/jt808.md, "Multimedia"): once their incident is filed the
 * portal asks the camera (0x8801), the terminal names its picture (0x0805) and uploads it (0x0801 in sub-packages).
 */
const { database, gatewayOn, closeAtEnd, bindToNewVehicle } = await jt808Node('Jt808Media');
const gateway = await gatewayOn();

describe('JT/T 808 multimedia', () => {
  it('stores the picture an over-speed alarm’s capture brings as the incident’s evidence, with its SHA-256', {
    timeout: 30_000,
  }, async () => {
    const sim = new Jt808SimDevice({
      host: '127.0.0.1',
      port: gateway.port,
      terminal: '013900000901',
      version: 2013,
      codes: memoryCodeStore(),
      gpsIntervalMs: 1_000,
      reconnectDelayMs: { min: 100, max: 400 },
      replyTimeoutMs: 3_000,
    });
    closeAtEnd(() => sim.stop());
    expect(await sim.start()).toBe(true);
    const registered = await waitFor(async () => (await database.db.select().from(device).where(eq(device.deviceUuid, '13900000901')))[0]);
    await bindToNewVehicle(registered.id, 'MM 901');
    const taken = new Promise<number>((resolve) => sim.once('picture', resolve));
    expect(await sim.setAlarm(ALARM_BIT.overSpeed, true)).toBe(true);
    const mediaId = await taken;

    const [filed] = await database.db
      .select()
      .from(incident)
      .where(and(eq(incident.deviceId, registered.id), eq(incident.type, 'overSpeed')));
    if (!filed) throw new Error('no incident');
    const resources = await database.db.select().from(incidentResource).where(eq(incidentResource.incidentId, filed.id));
    const sent = evidenceFile(sim.terminalNo, `capture-${mediaId}`, { id: `${mediaId}.jpg`, kind: 'picture' });
    expect(sent.bytes.length).toBeGreaterThan(1023);
    expect(resources.map((r) => [r.deviceResourceId, r.kind, r.state, r.sha256])).toEqual([[`${mediaId}.jpg`, 'picture', 4, sent.sha256]]);
    // The alarm still on in the next reports asks for nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sim.stats.picturesStored).toBe(1);
  });
});
