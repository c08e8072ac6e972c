import { SimDevice } from '@safety-shield/device-sim';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint } from '../src/db/schema.js';
import { gatewayOnTestDatabase, seedCompany, waitFor } from './gateway-fixtures.js';

const { database, gateway, devicePort, close } = await gatewayOnTestDatabase();
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
    const config = { version: 1, settings: { uploadIntervalSeconds: 2, gpsBatch: 10 } };
    await expect(devicePort.send('SIM-0001', 'config', config)).resolves.toMatchObject({ ok: true, result: { version: 1 } });
    await expect(devicePort.send('SIM-0001', 'config', { version: 2, settings: { gpsBatch: 900 }, partial: true })).rejects.toThrow(
      /gpsBatch/,
    );
    expect(sim.gpsSettings).toMatchObject({ gpsIntervalMs: 2_000, gpsBatch: 10 });
    expect(sim.configuration.version).toBe(1);
    await sim.stop();
    await waitFor(async () => (await row())?.online === false);
    expect(sim.stats.pointsAcked).toBeLessThanOrEqual(await points());
  });
});
