import { SimDevice } from '@safety-shield/device-sim';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint } from '../src/db/schema.js';
import { gatewayOnTestDatabase, seedCompany, waitFor } from './gateway-fixtures.js';

const { database, gateway, close } = await gatewayOnTestDatabase();
afterAll(close, 60_000);

describe('the reference simulator against the gateway', () => {
  it('provisions itself, reports positions, answers a command and goes offline', { timeout: 30_000 }, async () => {
    const company = await seedCompany(database.db, 'Sim');
    const sim = new SimDevice({
      uuid: 'SIM-0001',
      brokerUrl: `mqtt://127.0.0.1:${gateway.port}`,
      provisioningKey: company.key,
      gpsIntervalMs: 100,
      gpsBatch: 5,
      reconnectDelayMs: { min: 100, max: 200 },
    });
    expect(await sim.start()).toBe(true);
    const row = async () => (await database.db.select().from(device).where(eq(device.deviceUuid, 'SIM-0001')))[0];
    await waitFor(async () => (await row())?.secretHash, 10_000);
    expect(await row()).toMatchObject({ online: true, belongCompanyId: company.companyId });
    const id = (await row())?.id ?? 0;
    const points = async () => (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, id)))[0]?.n ?? 0;
    await waitFor(async () => (await points()) >= 10, 10_000);
    await expect(gateway.sendCommand('SIM-0001', 'config', { gpsIntervalMs: 2_000, gpsBatch: 10 })).resolves.toMatchObject({ ok: true });
    await expect(gateway.sendCommand('SIM-0001', 'config', { gpsBatch: 900 })).rejects.toThrow(/gpsBatch/);
    expect(sim.gpsSettings).toMatchObject({ gpsIntervalMs: 2_000, gpsBatch: 10 });
    await sim.stop();
    await waitFor(async () => (await row())?.online === false);
    expect(sim.stats.pointsAcked).toBeLessThanOrEqual(await points());
  });
});
