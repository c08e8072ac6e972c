import { eventApi, vehicleApi } from '@safety-shield/contract';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint } from '../src/db/schema.js';
import { PLACE_MAX_KM, placeOf } from '../src/places/index.js';
import { placeLabel } from '../src/places/label.js';
import { call } from './api-client.js';
import { firstPage } from './helpers.js';
import { appWithTrees, signedIn } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const OSLO = { lat: 59.9139, lng: 10.7522 };
const DRAMMEN = { lat: 59.7439, lng: 10.2045 };
/** The middle of the North Sea, about 200 km from any coast. */
const NORTH_SEA = { lat: 56.5, lng: 3.5 };

describe('placeOf', () => {
  it('names the nearest town with its country', () => {
    expect(placeOf(OSLO.lat, OSLO.lng)).toMatchObject({ name: 'Oslo', country: 'NO' });
    const drammen = placeOf(DRAMMEN.lat, DRAMMEN.lng);
    expect(drammen).toMatchObject({ name: 'Drammen', country: 'NO' });
    expect(drammen?.distanceKm).toBeLessThan(1);
  });

  it('names a city, not the section of it the point is in', () => {
    // Berlin's nearest GeoNames entry is the section "Mitte" (PPLX); sections are left out.
    expect(placeOf(52.52, 13.405)).toMatchObject({ name: 'Berlin', country: 'DE' });
  });

  it(`answers null farther than ${PLACE_MAX_KM} km from any town, and without a position`, () => {
    expect(placeOf(NORTH_SEA.lat, NORTH_SEA.lng)).toBeNull();
    expect(placeOf(null, null)).toBeNull();
    expect(placeOf(Number.NaN, 10)).toBeNull();
    expect(placeOf(91, 0)).toBeNull();
  });

  it('does not throw at the poles or across the antimeridian', () => {
    expect(() => placeOf(90, 0)).not.toThrow();
    expect(() => placeOf(-90, 180)).not.toThrow();
    // Fiji's Taveuni sits on 180°: a point just west of the line still finds towns east of it, and the other way round.
    expect(() => placeOf(-16.8, 179.99)).not.toThrow();
    expect(() => placeOf(-16.8, -179.99)).not.toThrow();
    expect(placeOf(65.7, -168.2)).toBeNull(); // the Bering Strait
  });

  it('labels a place with its country named in a language', () => {
    const place = { name: 'Drammen', country: 'NO', distanceKm: 0.2 };
    expect(placeLabel(place)).toBe('Drammen, Norway');
    expect(placeLabel(place, 'de')).toBe('Drammen, Norwegen');
    expect(placeLabel(null)).toBeNull();
  });
});

const { ctx, tree } = await appWithTrees({ tree: 'Places' });
afterAll(() => ctx.close());
const companyAdmin = (await signedIn(ctx, 'pl.company', 'COMPANY_ADMIN', tree)).token;
const { add: addIncident } = await incidentSource(ctx, tree, { uuid: 'PL-1', plate: 'PL 1', messagePrefix: 'pl' });

describe('answers with positions', () => {
  it('names the place of an incident in its detail, the list and the export', async () => {
    const near = await addIncident(tree, { lat: DRAMMEN.lat, lng: DRAMMEN.lng });
    const atSea = await addIncident(tree, { lat: NORTH_SEA.lat, lng: NORTH_SEA.lng });
    const detail = await call(ctx, companyAdmin, eventApi.info, { eventId: near });
    expect(detail.data.place).toMatchObject({ name: 'Drammen', country: 'NO' });
    const list = await call(ctx, companyAdmin, eventApi.list, { page: 1, limit: 500 });
    const placeOfRow = (id: number) => list.data.records.find((r) => r.eventId === id)?.place;
    expect(placeOfRow(near)).toMatchObject({ name: 'Drammen' });
    expect(placeOfRow(atSea)).toBeNull();

    const { res } = await call(ctx, companyAdmin, eventApi.export, {});
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const placeColumn = headers.indexOf('Place') + 1;
    expect(headers.indexOf('Place')).toBe(headers.indexOf('Longitude') + 1);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const byId = new Map(rows.map((row) => [row[1], row[placeColumn]]));
    expect(byId.get(near)).toBe('Drammen, Norway');
    expect(byId.get(atSea)).toBeUndefined();
  });

  it('names the place of a vehicle’s position and of its trail’s stops', async () => {
    const created = await call(ctx, companyAdmin, vehicleApi.create, {
      licensePlate: 'PLACE 1',
      fleetId: tree.fleet,
      initialMileageKm: 0,
    });
    const vehicleId = created.data.id;
    const now = Date.now();
    const [dev] = await ctx.database.db
      .insert(device)
      .values({
        deviceUuid: 'PL-CAR',
        belongAgentId: tree.agent,
        belongCompanyId: tree.company,
        belongFleetId: tree.fleet,
        vehicleId,
        ...OSLO,
        speed: 0,
        heading: 0,
        positionAt: new Date(now),
      })
      .returning({ id: device.id });
    const info = await call(ctx, companyAdmin, vehicleApi.info, { id: vehicleId });
    expect(info.data.position?.place).toMatchObject({ name: 'Oslo', country: 'NO' });
    const list = await call(ctx, companyAdmin, vehicleApi.list, { ...firstPage, licensePlate: 'PLACE' });
    expect(list.data.records[0]?.position?.place).toMatchObject({ name: 'Oslo' });

    // Five minutes standing in Drammen: one stop.
    const t0 = now - 600_000;
    const points = Array.from({ length: 300 }, (_, i) => ({
      deviceId: dev?.id ?? 0,
      vehicleId,
      at: new Date(t0 + i * 1000),
      ...DRAMMEN,
      speed: 0,
      heading: 0,
    }));
    await ctx.database.db.insert(gpsPoint).values(points);
    const trail = await call(ctx, companyAdmin, vehicleApi.trail, { vehicleId, startTime: t0, endTime: now });
    expect(trail.data.stops).toHaveLength(1);
    expect(trail.data.stops[0]?.place).toMatchObject({ name: 'Drammen', country: 'NO' });
  });
});
