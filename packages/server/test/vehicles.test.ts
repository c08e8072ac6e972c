import { readFileSync } from 'node:fs';
import { deviceApi, type LeaseBody, MAX_DEVICES_PER_VEHICLE, orgApi, type VehicleCreateBody, vehicleApi } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint, vehicle } from '../src/db/schema.js';
import { call } from './api-client.js';
import { appWithTrees, createOrg, signedIn, type Tree } from './identity-fixtures.js';
import { startMailCatcher } from './mail-catcher.js';

const mail = await startMailCatcher();
const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Cars', other: 'Rivals' }, { smtpUrl: mail.url });
afterAll(async () => {
  await ctx.close();
  await mail.close();
});
const secondFleet = await createOrg(ctx, admin, 'fleet', { parentId: tree.company, name: 'Second fleet' });
const companyAdmin = (await signedIn(ctx, 'cars_company', 'COMPANY_ADMIN', tree)).token;
const fleetAdmin = (await signedIn(ctx, 'cars_fleet', 'FLEET_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'rival_company', 'COMPANY_ADMIN', other)).token;
const secondFleetAdmin = (await signedIn(ctx, 'cars_fleet2', 'FLEET_ADMIN', { ...tree, fleet: secondFleet })).token;

const HOUR = 3_600_000;

/** A vehicle's owner chain as the table stores it. */
const chainOf = (chain: Tree) => ({ belongAgentId: chain.agent, belongCompanyId: chain.company, belongFleetId: chain.fleet });

/** A device as the gateway makes it when a device first connects with its company's provisioning key. */
async function addDevice(uuid: string, chain: Tree) {
  const [row] = await ctx.database.db
    .insert(device)
    .values({ deviceUuid: uuid, belongAgentId: chain.agent, belongCompanyId: chain.company })
    .returning({ id: device.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function addVehicle(token: string, licensePlate: string, fleetId = tree.fleet) {
  const res = await call(ctx, token, vehicleApi.create, { licensePlate, fleetId, initialMileageKm: 1000 });
  expect(res.code, res.res.body).toBe(200);
  return res.data.id;
}

describe('vehicles', () => {
  it('registers a vehicle with a unique plate, in capitals, visible to its chain only', async () => {
    const id = await addVehicle(companyAdmin, ' ab 12345 ');
    const again = await call(ctx, fleetAdmin, vehicleApi.create, {
      licensePlate: 'AB 12345',
      fleetId: tree.fleet,
      initialMileageKm: 0,
    });
    expect(again).toMatchObject({ status: 409, codeKey: 'VEHICLE_LICENSE_PLATE_EXIST', data: { field: 'licensePlate' } });
    const info = await call(ctx, fleetAdmin, vehicleApi.info, { licensePlate: 'ab 12345' });
    expect(info.data).toMatchObject({
      id,
      licensePlate: 'AB 12345',
      fleetId: tree.fleet,
      rentState: 'available',
      totalMileageKm: 1000,
      devices: [],
    });
    const list = await call(ctx, companyAdmin, vehicleApi.list, { licensePlate: '12345', page: 1, limit: 20 });
    expect(list.data.records.map((r) => r.id)).toEqual([id]);
    expect((await call(ctx, otherAdmin, vehicleApi.list, { licensePlate: '12345', page: 1, limit: 20 })).data.total).toBe(0);
    expect(await call(ctx, otherAdmin, vehicleApi.info, { id })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(
      await call(ctx, otherAdmin, vehicleApi.update, { id, licensePlate: 'X1', fleetId: other.fleet, initialMileageKm: 0 }),
    ).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, vehicleApi.remove, { id })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    // Another organisation's fleet cannot receive a vehicle.
    expect(
      await call(ctx, companyAdmin, vehicleApi.create, { licensePlate: 'ZZ 1', fleetId: other.fleet, initialMileageKm: 0 }),
    ).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, admin, vehicleApi.info, { id: 999999 })).toMatchObject({ status: 404, codeKey: 'VEHICLE_NOT_EXIST' });
  });

  it('keeps an organisation that holds vehicles, leases or devices from being deleted', async () => {
    const fleet = await createOrg(ctx, admin, 'fleet', { parentId: tree.company, name: 'Short-lived fleet' });
    const car = await addVehicle(companyAdmin, 'KEEP 1', fleet);
    expect(await call(ctx, admin, orgApi.fleetRemove, { id: fleet })).toMatchObject({ codeKey: 'ORG_NOT_EMPTY' });
    expect((await call(ctx, companyAdmin, vehicleApi.remove, { id: car })).code).toBe(200);
    expect((await call(ctx, admin, orgApi.fleetRemove, { id: fleet })).code).toBe(200);
    expect(await call(ctx, admin, orgApi.companyRemove, { id: other.company })).toMatchObject({ codeKey: 'ORG_NOT_EMPTY' });
  });

  it('refuses bad input with the field named', async () => {
    const bad = await call(ctx, companyAdmin, vehicleApi.create, { licensePlate: '', fleetId: tree.fleet, initialMileageKm: -1 });
    expect(bad).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('binds devices up to the limit, warns before taking one from another vehicle, and logs each change', async () => {
    const car = await addVehicle(companyAdmin, 'BIND 1');
    const spare = await addVehicle(companyAdmin, 'BIND 2');
    const devices = await Promise.all(Array.from({ length: MAX_DEVICES_PER_VEHICLE + 1 }, (_, i) => addDevice(`BIND-${i}`, tree)));
    const unmatched = await call(ctx, companyAdmin, deviceApi.list, { matched: false, keyword: 'BIND-', page: 1, limit: 20 });
    expect(unmatched.data.total).toBe(devices.length);
    for (const deviceId of devices.slice(0, MAX_DEVICES_PER_VEHICLE)) {
      expect((await call(ctx, companyAdmin, vehicleApi.bind, { vehicleId: car, deviceId })).code).toBe(200);
    }
    const extra = devices[MAX_DEVICES_PER_VEHICLE] as number;
    expect(await call(ctx, companyAdmin, vehicleApi.bind, { vehicleId: car, deviceId: extra })).toMatchObject({
      status: 409,
      codeKey: 'VEHICLE_DEVICE_MORE_ERROR',
    });
    const first = devices[0] as number;
    expect(await call(ctx, companyAdmin, vehicleApi.bind, { vehicleId: spare, deviceId: first })).toMatchObject({
      codeKey: 'DEVICE_HAD_BEEN_BIND',
      data: { licensePlate: 'BIND 1' },
    });
    expect((await call(ctx, companyAdmin, vehicleApi.bind, { vehicleId: spare, deviceId: first, force: true })).code).toBe(200);
    // A bound device takes its vehicle's fleet: the fleet admin sees it now.
    const seen = await call(ctx, fleetAdmin, deviceApi.info, { deviceId: first });
    expect(seen.data).toMatchObject({ vehicleId: spare, licensePlate: 'BIND 2', fleetId: tree.fleet });
    const log = await call(ctx, companyAdmin, deviceApi.bindLog, { deviceId: first, page: 1, limit: 20 });
    expect(log.data.records.map((r) => [r.action, r.forced, r.licensePlate])).toEqual([
      ['bind', false, 'BIND 2'],
      ['unbind', true, 'BIND 1'],
      ['bind', false, 'BIND 1'],
    ]);
    expect(await call(ctx, companyAdmin, deviceApi.remove, { id: first })).toMatchObject({
      status: 409,
      codeKey: 'DEVICE_DELETE_ASSOCIATE_FAIL',
    });
    expect((await call(ctx, companyAdmin, vehicleApi.unbind, { deviceId: first })).code).toBe(200);
    expect((await call(ctx, companyAdmin, deviceApi.remove, { id: first })).code).toBe(200);
    // Deleting a vehicle unbinds its devices.
    expect((await call(ctx, companyAdmin, vehicleApi.remove, { id: car })).code).toBe(200);
    const freed = await ctx.database.db
      .select({ vehicleId: device.vehicleId })
      .from(device)
      .where(eq(device.id, devices[1] as number));
    expect(freed[0]?.vehicleId).toBeNull();
  });

  it('keeps other organisations away from devices', async () => {
    const theirs = await addDevice('RIVAL-1', other);
    const car = await addVehicle(companyAdmin, 'MINE 1');
    expect(await call(ctx, companyAdmin, vehicleApi.bind, { vehicleId: car, deviceId: theirs })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, companyAdmin, deviceApi.info, { deviceId: theirs })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, companyAdmin, deviceApi.remove, { id: theirs })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, companyAdmin, deviceApi.setIccid, { deviceId: theirs, iccid: '8946000000000000001' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, companyAdmin, deviceApi.infoByUuid, { deviceUuid: 'RIVAL-1' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect((await call(ctx, otherAdmin, deviceApi.setIccid, { deviceId: theirs, iccid: '8946000000000000001' })).code).toBe(200);
    expect(await call(ctx, otherAdmin, deviceApi.setIccid, { deviceId: theirs, iccid: '12' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });

  it('leases a vehicle to another fleet until the end time; the lessee uses it but cannot change it', async () => {
    const car = await addVehicle(fleetAdmin, 'LEASE 1');
    const lease = (body: Omit<LeaseBody, 'id'>) => call(ctx, companyAdmin, vehicleApi.lease, { id: car, ...body });
    expect(await lease({ fleetId: tree.fleet, expireTime: Date.now() + HOUR })).toMatchObject({ codeKey: 'VEHICLE_RENT_SAME_FLEET' });
    expect(await lease({ fleetId: secondFleet, expireTime: Date.now() - 1 })).toMatchObject({ codeKey: 'VEHICLE_RENT_END_TIME_ERROR' });
    expect(await lease({ fleetId: other.fleet, expireTime: Date.now() + HOUR })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    // The second fleet sees nothing before the lease.
    expect(await call(ctx, secondFleetAdmin, vehicleApi.info, { id: car })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect((await lease({ fleetId: secondFleet, expireTime: Date.now() + HOUR })).code).toBe(200);
    expect(await lease({ fleetId: secondFleet, expireTime: Date.now() + 2 * HOUR })).toMatchObject({ codeKey: 'VEHICLE_STATE_ERROR' });
    const seen = await call(ctx, secondFleetAdmin, vehicleApi.info, { id: car });
    expect(seen.data).toMatchObject({ rentState: 'leasing', leaseFleetId: secondFleet, leasedToCaller: true });
    expect(
      (await call(ctx, secondFleetAdmin, vehicleApi.trail, { vehicleId: car, startTime: Date.now() - HOUR, endTime: Date.now() })).code,
    ).toBe(200);
    expect(await call(ctx, secondFleetAdmin, vehicleApi.endLease, { id: car })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, secondFleetAdmin, vehicleApi.remove, { id: car })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    const owner = await call(ctx, fleetAdmin, vehicleApi.list, { rentState: 'leasing', licensePlate: 'LEASE', page: 1, limit: 20 });
    expect(owner.data.records[0]).toMatchObject({ id: car, leasedToCaller: false, leaseFleetName: 'Second fleet' });
    expect((await call(ctx, fleetAdmin, vehicleApi.endLease, { id: car })).code).toBe(200);
    expect(await call(ctx, fleetAdmin, vehicleApi.endLease, { id: car })).toMatchObject({ codeKey: 'VEHICLE_STATE_ERROR' });
    expect(await call(ctx, secondFleetAdmin, vehicleApi.info, { id: car })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('ends a lease at its expiry without waiting for the job', async () => {
    const car = await addVehicle(companyAdmin, 'LEASE 2');
    expect((await call(ctx, companyAdmin, vehicleApi.lease, { id: car, fleetId: secondFleet, expireTime: Date.now() + HOUR })).code).toBe(
      200,
    );
    await ctx.database.db
      .update(vehicle)
      .set({ leaseExpireAt: new Date(Date.now() - 1000) })
      .where(eq(vehicle.id, car));
    expect(await call(ctx, secondFleetAdmin, vehicleApi.info, { id: car })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect((await call(ctx, companyAdmin, vehicleApi.info, { id: car })).data.rentState).toBe('available');
  });

  it('verifies a notification e-mail with the code sent by SMTP', async () => {
    const car = await addVehicle(companyAdmin, 'MAIL 1');
    const added = await call(ctx, companyAdmin, vehicleApi.addEmail, { vehicleId: car, email: 'driver@example.com' });
    expect(added.code).toBe(200);
    expect(await call(ctx, companyAdmin, vehicleApi.addEmail, { vehicleId: car, email: 'Driver@example.com' })).toMatchObject({
      codeKey: 'VEHICLE_EMAIL_EXIST_ERROR',
    });
    expect(await call(ctx, companyAdmin, vehicleApi.addEmail, { vehicleId: car, email: 'not-an-address' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    const id = added.data.id;
    // Verifying before any code was sent fails.
    expect(await call(ctx, companyAdmin, vehicleApi.verifyEmail, { id, code: '123456' })).toMatchObject({
      codeKey: 'VEHICLE_EMAIL_VALIDATE_FAIL',
    });
    expect((await call(ctx, companyAdmin, vehicleApi.sendEmailCode, { id })).code).toBe(200);
    expect(await call(ctx, companyAdmin, vehicleApi.sendEmailCode, { id })).toMatchObject({ codeKey: 'YOU_REQUEST_TOO_FAST' });
    const code = mail.codeFor('driver@example.com') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await call(ctx, companyAdmin, vehicleApi.verifyEmail, { id, code: wrong })).toMatchObject({
      codeKey: 'VEHICLE_EMAIL_VALIDATE_FAIL',
    });
    expect(await call(ctx, otherAdmin, vehicleApi.verifyEmail, { id, code })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect((await call(ctx, companyAdmin, vehicleApi.verifyEmail, { id, code })).code).toBe(200);
    const listed = await call(ctx, fleetAdmin, vehicleApi.emails, { vehicleId: car });
    expect(listed.data).toMatchObject([{ email: 'driver@example.com', state: 'verified' }]);
    expect((await call(ctx, companyAdmin, vehicleApi.removeEmail, { id })).code).toBe(200);
    expect(await call(ctx, companyAdmin, vehicleApi.removeEmail, { id })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('answers the trail of a range with distance, stops and thinning, and refuses ranges over 7 days', async () => {
    const car = await addVehicle(companyAdmin, 'TRAIL 1');
    const deviceId = await addDevice('TRAIL-DEV', tree);
    const t0 = Date.now() - HOUR;
    // Ten minutes driving east at ~60 km/h, then three minutes standing.
    const points = Array.from({ length: 780 }, (_, i) => {
      const moving = i < 600;
      return {
        deviceId,
        vehicleId: car,
        at: new Date(t0 + i * 1000),
        lat: 59.9,
        lng: 10.7 + (Math.min(i, 600) * 16.7) / 55_800,
        speed: moving ? 60 : 0,
        heading: 90,
        dbm: -70,
      };
    });
    await ctx.database.db.insert(gpsPoint).values(points);
    const trail = await call(ctx, fleetAdmin, vehicleApi.trail, { vehicleId: car, startTime: t0, endTime: t0 + HOUR });
    expect(trail.data.totalPoints).toBe(780);
    expect(trail.data.points).toHaveLength(780);
    expect(trail.data.distanceKm).toBeGreaterThan(9);
    expect(trail.data.distanceKm).toBeLessThan(11);
    expect(trail.data.maxSpeed).toBe(60);
    expect(trail.data.stops).toHaveLength(1);
    expect(await call(ctx, fleetAdmin, vehicleApi.trail, { vehicleId: car, startTime: t0, endTime: t0 + 8 * 24 * HOUR })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, vehicleApi.trail, { vehicleId: car, startTime: t0, endTime: t0 + HOUR })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const dbm = await call(ctx, companyAdmin, deviceApi.dbm, { deviceId, startTime: t0, endTime: t0 + HOUR });
    expect(dbm.data).toHaveLength(780);
    expect(dbm.data[0]).toEqual({ time: t0, dbm: -70 });
  });

  it('exports the device list as a streamed .xlsx file with the filters', async () => {
    await addDevice('EXPORT-1', tree);
    const { res } = await call(ctx, companyAdmin, deviceApi.export, { keyword: 'EXPORT', filename: 'my devices' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('my%20devices.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const online = (await call(ctx, companyAdmin, deviceApi.exportOnline, {})).res;
    expect(online.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('makes a provisioning key, shown once, for the company admin’s own company only', async () => {
    expect((await call(ctx, companyAdmin, deviceApi.provisioning, {})).data).toEqual({ companyId: tree.company, exists: false });
    const made = await call(ctx, companyAdmin, deviceApi.newProvisioningKey, {});
    expect(made.data.key).toMatch(/^pk_/);
    expect((await call(ctx, companyAdmin, deviceApi.provisioning, {})).data.exists).toBe(true);
    expect(await call(ctx, companyAdmin, deviceApi.newProvisioningKey, { companyId: other.company })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, fleetAdmin, deviceApi.newProvisioningKey, {})).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, admin, deviceApi.newProvisioningKey, {})).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('stores a vehicle’s kind and use as keys the console translates, never a typed word (issue 29)', async () => {
    const body = { licensePlate: 'KIND 1', fleetId: tree.fleet, initialMileageKm: 0 };
    const typed = { ...body, kindName: 'Truck', useFor: 'Deliveries' } as unknown as VehicleCreateBody;
    expect(await call(ctx, companyAdmin, vehicleApi.create, typed)).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    const made = await call(ctx, companyAdmin, vehicleApi.create, { ...body, kindName: 'truck', useFor: 'delivery' });
    expect(made.code, made.res.body).toBe(200);
    expect((await call(ctx, companyAdmin, vehicleApi.info, { id: made.data.id })).data).toMatchObject({
      kindName: 'truck',
      useFor: 'delivery',
    });

    // Migration 0032 turns the words stored before into keys: a word naming one becomes it, any other word 'other'.
    const [old] = await ctx.database.db
      .insert(vehicle)
      .values({ licensePlate: 'KIND 2', kindName: sql`'Lorry '` as never, useFor: sql`'Deliveries'` as never, ...chainOf(tree) })
      .returning({ id: vehicle.id });
    const [odd] = await ctx.database.db
      .insert(vehicle)
      .values({ licensePlate: 'KIND 3', kindName: sql`'Tuk-tuk'` as never, useFor: sql`''` as never, ...chainOf(tree) })
      .returning({ id: vehicle.id });
    const migration = readFileSync(new URL('../drizzle/0032_vehicle_kind_keys.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.database.db.execute(sql.raw(statement));
    const info = async (id: number | undefined) => (await call(ctx, companyAdmin, vehicleApi.info, { id: id ?? 0 })).data;
    expect(await info(old?.id)).toMatchObject({ kindName: 'truck', useFor: 'delivery' });
    expect(await info(odd?.id)).toMatchObject({ kindName: 'other', useFor: null });
    expect(await info(made.data.id)).toMatchObject({ kindName: 'truck', useFor: 'delivery' });
  });
});
