import { type ConfigSettings, deviceApi, deviceConfigApi, deviceTaskApi, logApi, thresholdApi } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { deviceConfig, operationLog } from '../src/db/schema.js';
import { call, callUnchecked } from './api-client.js';
import { connectDevice, message, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { portalWithFleets, type SosFleet } from './sos-fixtures.js';

/**
 * The configuration flow against a device played by hand over MQTT (docs/device-protocol.md, `config`): the test
 * decides each answer, so every status the portal keeps can be reached.
 */

type Answer = (body: Record<string, unknown>) => { ok: boolean; error?: string; result?: Record<string, unknown> } | null;

const { portal, mine, theirs, tokens } = await portalWithFleets('Cfg', { commandTimeoutMs: 1_500 });
afterAll(() => portal.close(), 60_000);
const { super: superToken, company: admin, fleet: fleetAdmin, site, other } = tokens;

/** A device played by hand: every down `config`/`configGet` it receives is kept and answered by `answer`. */
async function handDevice(fleet: SosFleet, answer: Answer) {
  const client: MqttClient = await connectDevice(portal.gateway.port ?? 0, fleet.uuid, fleet.secret);
  const received: Array<{ kind: string; body: Record<string, unknown> }> = [];
  client.on('message', (topic, payload) => {
    const kind = topic.split('/')[3] ?? '';
    const body = JSON.parse(String(payload)) as Record<string, unknown>;
    received.push({ kind, body });
    const reply = answer(body);
    if (reply) void client.publishAsync(`dev/${fleet.uuid}/up/ack`, message({ ref: body.id, ...reply }), { qos: 1 });
  });
  await client.subscribeAsync(`dev/${fleet.uuid}/down/#`, { qos: 1 });
  await client.publishAsync(`dev/${fleet.uuid}/up/hello`, message({ version: 'T-1', channels: 4 }), { qos: 1 });
  await waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId: fleet.deviceId })).data?.online);
  const configs = () => received.filter((m) => m.kind === 'config').map((m) => m.body);
  return { client, received, configs, close: () => client.endAsync() };
}

/** A threshold class's limits, all within their bounds. */
const thresholdValues = {
  speedingMarginKmh: 5,
  harshAccelerationG: 0.35,
  harshBrakingG: 0.45,
  harshTurnG: 0.4,
  fatigueSeconds: 3,
  distractionSeconds: 4,
  phoneUseSeconds: 5,
};
const appliesAll: Answer = (body) => ({ ok: true, result: body.version === undefined ? {} : { version: body.version } });
const info = async (token = admin, deviceId = mine.deviceId) => (await call(portal, token, deviceConfigApi.info, { deviceId })).data;
const save = (settings: ConfigSettings, token = admin) => call(portal, token, deviceConfigApi.save, { deviceId: mine.deviceId, settings });
/** A save the schema refuses: its settings, or other fields beside them. */
const saveRefused = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  callUnchecked(portal, admin, deviceConfigApi.save, { deviceId: mine.deviceId, settings, ...extra });
const dispatch = (expireTime?: number) => call(portal, admin, deviceConfigApi.dispatch, { deviceId: mine.deviceId, expireTime });
const offline = async () =>
  waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId: mine.deviceId })).data?.online === false);

describe('a device configuration', () => {
  it('is saved as a draft, sealed at rest, dispatched, acknowledged and applied', async () => {
    const device = await handDevice(mine, appliesAll);
    try {
      const saved = await save({ uploadIntervalSeconds: 5, apn: { name: 'telenor.smart', user: 'fleet', password: 'Sup3r-secret' } });
      expect(saved).toMatchObject({ code: 200 });
      expect(saved.data).toMatchObject({
        version: 1,
        status: 'saved',
        changed: ['uploadIntervalSeconds', 'apn'],
        apnPasswordSet: true,
        settings: { uploadIntervalSeconds: 5, apn: { name: 'telenor.smart', user: 'fleet' } },
        createdBy: 'cfg.company',
      });
      expect(JSON.stringify(saved.data)).not.toContain('Sup3r-secret');
      const [row] = await portal.database.db.select().from(deviceConfig).where(eq(deviceConfig.id, saved.data.id));
      expect(JSON.stringify(row)).not.toContain('Sup3r-secret');

      // Saving again edits the same draft; the write-only password stays when apn comes without one.
      const again = await save({ gpsBatch: 10, apn: { name: 'telenor.smart', user: 'fleet2' } });
      expect(again.data).toMatchObject({
        id: saved.data.id,
        version: 1,
        apnPasswordSet: true,
        settings: { gpsBatch: 10, uploadIntervalSeconds: 5 },
      });

      const sent = await dispatch();
      expect(sent.data).toMatchObject({ id: saved.data.id, status: 'applied', reason: null });
      expect(sent.data.sentTime).toBeGreaterThan(0);
      const [config] = device.configs();
      // The device gets the whole document with the password (the portal's own copy is sealed).
      expect(config).toMatchObject({
        version: 1,
        partial: true,
        settings: { uploadIntervalSeconds: 5, gpsBatch: 10, apn: { password: 'Sup3r-secret' } },
      });

      const state = await info();
      expect(state).toMatchObject({ online: true, current: { version: 1, status: 'applied' }, pending: null, draft: null });
      expect(state.reported).toMatchObject({ version: 1, settings: { uploadIntervalSeconds: 5, apn: { user: 'fleet2' } } });
      expect(JSON.stringify(state)).not.toContain('Sup3r-secret');

      const only = (await call(portal, admin, deviceConfigApi.info, { deviceId: mine.deviceId, props: 'gpsBatch' })).data;
      expect(only.current?.settings).toEqual({ gpsBatch: 10 });

      const logged = await portal.database.db.select().from(operationLog).where(eq(operationLog.action, 'device.config.dispatch'));
      expect(logged.map((entry) => entry.target)).toContain(String(mine.deviceId));
    } finally {
      await device.close();
    }
  });

  it('records a refusal with the device’s reason', async () => {
    const device = await handDevice(mine, (body) => (body.version ? { ok: false, error: 'no channel 5' } : { ok: true }));
    try {
      await save({ evidence: { secondsBefore: 5, secondsAfter: 5, channels: [5], pictures: 1 } });
      const sent = await dispatch();
      expect(sent.data).toMatchObject({ version: 2, status: 'refused', reason: 'no channel 5', changed: ['evidence'] });
      // The device still runs version 1.
      expect((await info()).current).toMatchObject({ version: 1 });
    } finally {
      await device.close();
    }
  });

  it('waits for an offline device, sends only the newest version at its hello, and expires or cancels', async () => {
    await offline();
    await save({ uploadIntervalSeconds: 7 });
    const first = await dispatch();
    expect(first.data).toMatchObject({ version: 3, status: 'dispatched', sentTime: null });
    await save({ uploadIntervalSeconds: 9 });
    const second = await dispatch();
    expect(second.data).toMatchObject({ version: 4, status: 'dispatched' });
    const superseded = (await call(portal, admin, deviceConfigApi.history, { id: first.data.id })).data;
    expect(superseded).toMatchObject({ status: 'cancelled', reason: 'superseded by version 4' });

    const device = await handDevice(mine, appliesAll);
    try {
      await waitFor(async () => (await info()).current?.version === 4);
      expect(device.configs().map((body) => body.version)).toEqual([4]);
      expect((await info()).current?.settings.uploadIntervalSeconds).toBe(9);
    } finally {
      await device.close();
    }

    // Expiry: not applied in time, never sent.
    await offline();
    await save({ uploadIntervalSeconds: 11 });
    expect((await dispatch(Date.now() - 1)).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await dispatch(Date.now() + 40 * 86_400_000)).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await dispatch(Date.now() + 300)).data).toMatchObject({ version: 5, status: 'dispatched' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await info()).pending).toBeNull();
    // Cancel: the next one is taken back before the device comes.
    await save({ uploadIntervalSeconds: 12 });
    expect((await dispatch()).data).toMatchObject({ version: 6, status: 'dispatched' });
    expect((await call(portal, admin, deviceConfigApi.cancel, { deviceId: mine.deviceId })).data).toMatchObject({
      version: 6,
      status: 'cancelled',
      reason: 'cancelled by cfg.company',
    });
    expect((await call(portal, admin, deviceConfigApi.cancel, { deviceId: mine.deviceId })).data).toBeNull();
    const again = await handDevice(mine, appliesAll);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again.configs()).toEqual([]);
    } finally {
      await again.close();
    }
    const history = (await call(portal, admin, deviceConfigApi.historyList, { page: 1, limit: 3, deviceId: mine.deviceId })).data;
    expect(history.total).toBe(6);
    expect(history.records.map((v) => [v.version, v.status])).toEqual([
      [6, 'cancelled'],
      [5, 'expired'],
      [4, 'applied'],
    ]);
  });

  it('reverts an old version into a new draft, which can be dispatched', async () => {
    const device = await handDevice(mine, appliesAll);
    try {
      const history = (
        await call(portal, admin, deviceConfigApi.historyList, { ...firstPage, deviceConfigLogsId: (await info()).current?.id })
      ).data;
      const one = history.records.find((v) => v.version === 1);
      const draft = await call(portal, admin, deviceConfigApi.revert, { deviceConfigTempLogsId: one?.id ?? 0 });
      expect(draft.data).toMatchObject({ version: 7, status: 'draft', reason: 'revert of version 1', apnPasswordSet: true });
      expect(draft.data.settings.uploadIntervalSeconds).toBe(5);
      expect(draft.data.changed).toContain('uploadIntervalSeconds');
      expect((await dispatch()).data).toMatchObject({ version: 7, status: 'applied' });
      expect(device.configs().at(-1)).toMatchObject({ settings: { uploadIntervalSeconds: 5, apn: { password: 'Sup3r-secret' } } });
      // `update` edits a draft by id, and only a draft or saved version.
      const next = await save({ gpsBatch: 20 });
      const edited = await call(portal, admin, deviceConfigApi.update, {
        deviceConfigTempLogsId: next.data.id,
        settings: { gpsBatch: 30 },
      });
      expect(edited.data).toMatchObject({ id: next.data.id, settings: { gpsBatch: 30 } });
      const applied = await call(portal, admin, deviceConfigApi.update, {
        deviceConfigTempLogsId: draft.data.id,
        settings: { gpsBatch: 30 },
      });
      expect(applied.codeKey).toBe('DEVICE_STATE_ERROR');
    } finally {
      await device.close();
    }
  });

  it('asks the device what it runs and keeps its reports', async () => {
    const running = { version: 7, settings: { uploadIntervalSeconds: 5, apn: { name: 'x', password: 'device-side' } } };
    const device = await handDevice(mine, (body) => (body.version === undefined ? { ok: true, result: running } : { ok: true }));
    try {
      const synch = await call(portal, admin, deviceConfigApi.synch, { deviceId: mine.deviceId });
      expect(synch.data).toMatchObject({ version: 7, settings: { uploadIntervalSeconds: 5, apn: { name: 'x' } } });
      expect(JSON.stringify(synch.data)).not.toContain('device-side');
      // The report a device publishes after its hello.
      await device.client.publishAsync(
        `dev/${mine.uuid}/up/configReport`,
        message({ version: 7, settings: { uploadIntervalSeconds: 6, detections: ['fatigue'] } }),
        { qos: 1 },
      );
      const received = await waitFor(async () => {
        const answer = await call(portal, admin, deviceConfigApi.received, { deviceId: mine.deviceId });
        return answer.data.reported?.settings.uploadIntervalSeconds === 6 ? answer.data : null;
      });
      expect(received.reported).toMatchObject({ version: 7, settings: { detections: ['fatigue'] } });
      const many = await call(portal, superToken, deviceConfigApi.receivedMany, {
        deviceIds: [mine.deviceId, theirs.deviceId],
      });
      expect(many.data).toEqual([
        { deviceId: mine.deviceId, reported: expect.objectContaining({ version: 7 }) },
        { deviceId: theirs.deviceId, reported: null },
      ]);
    } finally {
      await device.close();
    }
    await offline();
    expect((await call(portal, admin, deviceConfigApi.synch, { deviceId: mine.deviceId })).codeKey).toBe('DEVICE_STATE_ERROR');
    const silent = await handDevice(mine, (body) => (body.version === undefined ? { ok: true, result: { version: 'seven' } } : null));
    try {
      expect((await call(portal, admin, deviceConfigApi.synch, { deviceId: mine.deviceId })).codeKey).toBe('ACTION_FAIL_RETRY');
    } finally {
      await silent.close();
    }
  });

  it('downloads a version without its password, and lists alarm types and areas', async () => {
    const { res } = await call(portal, admin, deviceConfigApi.download, { deviceId: mine.deviceId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="config-${mine.uuid}-v7.json"`);
    expect(res.json()).toMatchObject({
      deviceUuid: mine.uuid,
      version: 7,
      settings: { uploadIntervalSeconds: 5, apn: { name: 'telenor.smart' } },
    });
    expect(res.body).not.toContain('Sup3r-secret');
    expect((await call(portal, admin, deviceConfigApi.alarmType)).data).toContain('laneDeparture');
    expect((await call(portal, admin, deviceConfigApi.alarmArea, { deviceId: mine.deviceId })).data).toEqual([]);
  });

  it('refuses other organisations, roles that may not write, and bad input', async () => {
    const version = (await info()).current?.id ?? 0;
    const deviceId = mine.deviceId;
    const refused = [
      () => call(portal, other, deviceConfigApi.info, { deviceId }),
      () => call(portal, other, deviceConfigApi.historyList, { ...firstPage, deviceId }),
      () => call(portal, other, deviceConfigApi.history, { id: version }),
      () => call(portal, other, deviceConfigApi.revert, { deviceConfigTempLogsId: version }),
      () => call(portal, other, deviceConfigApi.dispatch, { deviceId }),
      () => call(portal, other, deviceConfigApi.cancel, { deviceId }),
      () => call(portal, other, deviceConfigApi.synch, { deviceId }),
      () => call(portal, other, deviceConfigApi.download, { deviceId }),
      () => call(portal, other, deviceConfigApi.received, { deviceId }),
    ];
    for (const refusedCall of refused) {
      const answer = await refusedCall();
      expect(answer.codeKey, answer.res.raw.req.url).toBe('PERMISSION_CHECK_FAIL');
    }
    expect((await save({ gpsBatch: 3 }, other)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(portal, other, deviceConfigApi.receivedMany, { deviceIds: [mine.deviceId] })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    // A Fleet Admin of the device's fleet may; a Site Admin may not write.
    expect((await save({ gpsBatch: 3 }, fleetAdmin)).data).toMatchObject({ status: 'saved' });
    expect((await save({ gpsBatch: 4 }, site)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    // The Super Admin learns that a device does not exist.
    expect((await call(portal, superToken, deviceConfigApi.info, { deviceId: 999999 })).codeKey).toBe('DEVICE_NOT_EXIST');

    const bad: Array<[Record<string, unknown>, Record<string, unknown>?]> = [
      [{}],
      [{ uploadIntervalSeconds: 0 }],
      [{ uploadIntervalSeconds: 61 }],
      [{ detections: ['teleportation'] }],
      [{ detections: ['fatigue', 'fatigue'] }],
      [{ apn: { name: 'bad\u0000name' } }],
      [{ video: [{ channel: 17, resolution: '320x240', frameRate: 15, bitrateKbps: 512 }] }],
      [{ alarmAreas: [{ name: 'tri', shape: { type: 'polygon', points: [{ lat: 1, lng: 1 }] }, onEnter: true, onLeave: false }] }],
      [{ gpsBatch: 5 }, { deviceId: 2 ** 31 }],
    ];
    for (const [settings, extra] of bad)
      expect((await saveRefused(settings, extra)).codeKey, JSON.stringify(settings)).toBe('PARAM_CHECK_FAIL');
    expect((await call(portal, admin, deviceConfigApi.info, { deviceId: mine.deviceId, props: 'apn,bogus' })).codeKey).toBe(
      'PARAM_CHECK_FAIL',
    );
    expect((await callUnchecked(portal, admin, deviceConfigApi.historyList)).codeKey).toBe('PARAM_CHECK_FAIL');
  });

  it('is written in the device operation log, before → after, without the APN password', async () => {
    const page = (await call(portal, superToken, logApi.devices, { page: 1, limit: 100, device: mine.uuid.toLowerCase() })).data;
    const saved = page.records.find((line) => line.action === 'device.config.save' && line.after?.uploadIntervalSeconds === 7);
    expect(saved).toMatchObject({ deviceId: mine.deviceId, deviceUuid: mine.uuid, username: 'cfg.company', result: 'REQUEST_SUCCESS' });
    expect(saved?.before).toEqual({ uploadIntervalSeconds: 5 });
    const dispatched = page.records.find((line) => line.action === 'device.config.dispatch');
    expect(dispatched).toMatchObject({ deviceUuid: mine.uuid });
    expect(JSON.stringify(page)).not.toContain('Sup3r-secret');
    expect(page.records.every((line) => line.action.startsWith('device.'))).toBe(true);
    const csv = (await call(portal, superToken, logApi.devicesExport, { device: mine.uuid })).res;
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('device.config.save');
    expect(csv.body).not.toContain('Sup3r-secret');
    // The Super Admin's page only.
    expect((await call(portal, admin, logApi.devices, firstPage)).status).toBe(403);
    expect((await callUnchecked(portal, superToken, logApi.devices, { from: 'abc' })).codeKey).toBe('PARAM_CHECK_FAIL');
  });

  it('sets one camera’s video at once, keeping the other cameras’, for one device or many', async () => {
    const device = await handDevice(mine, appliesAll);
    try {
      const first = await call(portal, admin, deviceConfigApi.videoParam, {
        deviceId: mine.deviceId,
        channel: 2,
        resolution: '640x480',
        frameRate: 10,
        bitrateKbps: 256,
      });
      expect(first.data).toMatchObject({ status: 'applied', changed: expect.arrayContaining(['video']) });
      const second = await call(portal, admin, deviceConfigApi.videoParam, {
        deviceId: mine.deviceId,
        channel: 1,
        resolution: '1280x720',
        frameRate: 25,
        bitrateKbps: 2048,
      });
      expect(second.data.settings.video).toEqual([
        { channel: 1, resolution: '1280x720', frameRate: 25, bitrateKbps: 2048 },
        { channel: 2, resolution: '640x480', frameRate: 10, bitrateKbps: 256 },
      ]);
      expect(device.configs().at(-1)).toMatchObject({ settings: { video: second.data.settings.video } });
      const many = await call(portal, admin, deviceConfigApi.videoParamMany, {
        deviceIds: [mine.deviceId],
        channel: 2,
        resolution: '320x240',
        frameRate: 5,
        bitrateKbps: 128,
      });
      expect(many.data).toMatchObject({ kind: 'config', total: 1 });
      await waitFor(async () => (await info()).current?.settings.video?.[1]?.frameRate === 5);
      expect((await info()).current?.settings.video?.[0]).toMatchObject({ channel: 1, frameRate: 25 });
      const bad = await callUnchecked(portal, admin, deviceConfigApi.videoParam, {
        deviceId: mine.deviceId,
        channel: 1,
        resolution: '999x1',
        frameRate: 25,
        bitrateKbps: 2048,
      });
      expect(bad.codeKey).toBe('PARAM_CHECK_FAIL');
      expect(
        (
          await call(portal, other, deviceConfigApi.videoParam, {
            deviceId: mine.deviceId,
            channel: 1,
            resolution: '640x480',
            frameRate: 25,
            bitrateKbps: 512,
          })
        ).codeKey,
      ).toBe('PERMISSION_CHECK_FAIL');
    } finally {
      await device.close();
    }
  });

  it('refers to a threshold class the Super Admin keeps, carrying its values as they were', async () => {
    const values = thresholdValues;
    const created = await call(portal, superToken, thresholdApi.create, { name: 'Urban buses', description: 'Strict', values });
    expect(created.data).toMatchObject({ name: 'Urban buses', description: 'Strict', values });
    expect((await call(portal, superToken, thresholdApi.create, { name: 'Urban buses', values })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(portal, admin, thresholdApi.create, { name: 'Mine', values })).status).toBe(403);
    expect((await call(portal, admin, thresholdApi.list)).data).toEqual([created.data]);
    const bad = [{ ...values, harshBrakingG: 3 }, { ...values, fatigueSeconds: 0 }, { speedingMarginKmh: 5 }];
    for (const wrong of bad)
      expect((await callUnchecked(portal, superToken, thresholdApi.create, { name: 'Bad', values: wrong })).codeKey).toBe(
        'PARAM_CHECK_FAIL',
      );

    const saved = await save({ thresholds: { classId: created.data.id } });
    expect(saved.data.settings.thresholds).toEqual({ classId: created.data.id, name: 'Urban buses', values });
    expect((await save({ thresholds: { classId: 999_999 } })).codeKey).toBe('PARAM_CHECK_FAIL');
    // A change to the class reaches a device with its next version only.
    await call(portal, superToken, thresholdApi.update, {
      id: created.data.id,
      name: 'Urban buses',
      values: { ...values, fatigueSeconds: 2 },
    });
    expect(
      (await call(portal, admin, deviceConfigApi.history, { id: saved.data.id })).data.settings.thresholds?.values?.fatigueSeconds,
    ).toBe(3);
    expect((await call(portal, superToken, thresholdApi.remove, { id: created.data.id })).code).toBe(200);
    expect((await call(portal, superToken, thresholdApi.remove, { id: created.data.id })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(portal, admin, deviceConfigApi.history, { id: saved.data.id })).data.settings.thresholds?.name).toBe('Urban buses');
  });
});

/** Issue 28: a configuration is exactly what the schema declares, in every request and in everything sent or stored. */
describe('properties the schema does not declare', () => {
  const area = (shape: Record<string, unknown>) => ({ name: 'Depot', shape, onEnter: true, onLeave: false });
  const square = [
    { lat: 59.9, lng: 10.7 },
    { lat: 59.91, lng: 10.7 },
    { lat: 59.91, lng: 10.71 },
  ];
  const total = async () =>
    (await call(portal, admin, deviceConfigApi.historyList, { page: 1, limit: 1, deviceId: mine.deviceId })).data.total;
  /** A column as PostgreSQL holds it, past the column's own reading. */
  const stored = async (table: string, id: number, column = 'settings') =>
    rowsOf<{ value: unknown }>(
      await portal.database.db.execute(sql`select ${sql.raw(column)} as value from ${sql.raw(table)} where id = ${id}`),
    )[0]?.value;
  /** A version as a portal before issue 28 could have stored it: straight into the table. */
  async function storedBefore(status: string, settings: Record<string, unknown>): Promise<number> {
    const [top] = rowsOf<{ n: number }>(
      await portal.database.db.execute(sql`select max(version)::int as n from device_config where device_id = ${mine.deviceId}`),
    );
    const [row] = rowsOf<{ id: number }>(
      await portal.database.db.execute(
        sql`insert into device_config (device_id, version, status, settings, changed)
            values (${mine.deviceId}, ${(top?.n ?? 0) + 1}, ${status}, ${JSON.stringify(settings)}::jsonb, '[]'::jsonb) returning id`,
      ),
    );
    if (!row) throw new Error('no version');
    return row.id;
  }

  it('refuses a setting it does not know, at any depth, naming it: nothing stored, nothing sent', async () => {
    const device = await handDevice(mine, appliesAll);
    try {
      const [versionsBefore, stateBefore] = [await total(), await info()];
      expect(stateBefore.draft).not.toBeNull();
      const refusals: Array<[Record<string, unknown>, Record<string, unknown>, string]> = [
        [{ uploadIntervalSeconds: 8, screenBrightness: 80 }, {}, 'settings.screenBrightness'],
        [{ apn: { name: 'telenor.smart', mtu: 1400 } }, {}, 'settings.apn.mtu'],
        [{ video: [{ channel: 1, resolution: '640x480', frameRate: 10, bitrateKbps: 256, hdr: true }] }, {}, 'settings.video.0.hdr'],
        [
          { alarmAreas: [area({ type: 'circle', center: { lat: 59.9, lng: 10.7, alt: 5 }, radius: 200 })] },
          {},
          'settings.alarmAreas.0.shape.center.alt',
        ],
        [{ alarmAreas: [area({ type: 'polygon', points: square, closed: true })] }, {}, 'settings.alarmAreas.0.shape.closed'],
        [
          { alarmAreas: [{ ...area({ type: 'circle', center: square[0], radius: 200 }), colour: 'red' }] },
          {},
          'settings.alarmAreas.0.colour',
        ],
        [
          { thresholds: { classId: 1, values: { ...thresholdValues, brakeLightSeconds: 1 } } },
          {},
          'settings.thresholds.values.brakeLightSeconds',
        ],
        [
          { displayPicture: { id: 'a'.repeat(32), contentType: 'image/png', size: 10, url: 'https://elsewhere.example/x.png' } },
          {},
          'settings.displayPicture.url',
        ],
        [{ gpsBatch: 8 }, { force: true }, 'force'],
      ];
      for (const [settings, extra, field] of refusals)
        expect(await saveRefused(settings, extra), field).toMatchObject({
          status: 400,
          codeKey: 'PARAM_CHECK_FAIL',
          msg: `Invalid parameter: ${field}`,
          data: { field },
        });
      const german = await callUnchecked(
        portal,
        admin,
        deviceConfigApi.save,
        { deviceId: mine.deviceId, settings: { screenBrightness: 80 } },
        { headers: { 'accept-language': 'de' } },
      );
      expect(german).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', msg: 'Ungültiger Parameter: settings.screenBrightness' });
      const update = await callUnchecked(portal, admin, deviceConfigApi.update, {
        deviceConfigTempLogsId: stateBefore.draft?.id,
        settings: { gpsBatch: 9, screenBrightness: 80 },
      });
      expect(update).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'settings.screenBrightness' } });
      const batch = await callUnchecked(portal, admin, deviceConfigApi.batchDispatch, {
        deviceIds: [mine.deviceId],
        settings: { gpsBatch: 9, screenBrightness: 80 },
      });
      expect(batch).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'settings.screenBrightness' } });
      const tasks = (await call(portal, admin, deviceTaskApi.list, { page: 1, limit: 1 })).data.total;
      const video = await callUnchecked(portal, admin, deviceConfigApi.videoParam, {
        deviceId: mine.deviceId,
        channel: 1,
        resolution: '640x480',
        frameRate: 10,
        bitrateKbps: 256,
        hdr: true,
      });
      expect(video).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'hdr' } });

      expect(await total()).toBe(versionsBefore);
      expect(await info()).toEqual(stateBefore);
      expect((await call(portal, admin, deviceTaskApi.list, { page: 1, limit: 1 })).data.total).toBe(tasks);
      expect(device.configs()).toEqual([]);

      // A threshold class is what the schema declares too.
      const classes = (await call(portal, admin, thresholdApi.list)).data;
      for (const [body, field] of [
        [{ name: 'Buses', values: { ...thresholdValues, brakeLightSeconds: 1 } }, 'values.brakeLightSeconds'],
        [{ name: 'Buses', values: thresholdValues, colour: 'red' }, 'colour'],
      ] as const)
        expect(await callUnchecked(portal, superToken, thresholdApi.create, body)).toMatchObject({
          codeKey: 'PARAM_CHECK_FAIL',
          data: { field },
        });
      expect((await call(portal, admin, thresholdApi.list)).data).toEqual(classes);
    } finally {
      await device.close();
    }
  });

  it('keeps and sends only declared settings, whatever a row stored before held', async () => {
    const extra = { screenBrightness: 80 };
    const device = await handDevice(mine, appliesAll);
    try {
      // What the device runs, stored with settings the schema does not know: a batch builds on it.
      await storedBefore('applied', { uploadIntervalSeconds: 4, ...extra, apn: { name: 'telenor.smart', mtu: 1400 } });
      const task = await call(portal, admin, deviceConfigApi.batchDispatch, {
        deviceIds: [mine.deviceId],
        settings: { gpsBatch: 12 },
      });
      expect(task.code).toBe(200);
      const batched = await waitFor(() => device.configs().find((body) => (body.settings as { gpsBatch?: number }).gpsBatch === 12));
      expect(batched.settings).toEqual({ uploadIntervalSeconds: 4, gpsBatch: 12, apn: { name: 'telenor.smart' } });
      expect(await stored('device_task', task.data.id)).toEqual({ gpsBatch: 12 });
      const applied = await waitFor(async () => {
        const { current } = await info();
        return current?.settings.gpsBatch === 12 ? current : null;
      });
      expect(await stored('device_config', applied.id)).toEqual(batched.settings);

      // A revert of an old version drops what the schema does not declare.
      const old = await storedBefore('cancelled', { gpsBatch: 3, ...extra });
      const reverted = await call(portal, admin, deviceConfigApi.revert, { deviceConfigTempLogsId: old });
      expect(reverted.data.settings).toEqual({ gpsBatch: 3 });
      expect(await stored('device_config', reverted.data.id)).toEqual({ gpsBatch: 3 });
      await dispatch();
      expect(device.configs().at(-1)?.settings).toEqual({ gpsBatch: 3 });

      // A saved version stored before is sent without them.
      await storedBefore('saved', {
        gpsBatch: 4,
        ...extra,
        alarmAreas: [{ ...area({ type: 'circle', center: square[0], radius: 200 }), colour: 'red' }],
      });
      expect((await dispatch()).data).toMatchObject({ status: 'applied' });
      expect(device.configs().at(-1)?.settings).toEqual({
        gpsBatch: 4,
        alarmAreas: [area({ type: 'circle', center: square[0], radius: 200 })],
      });

      // A threshold class stored with a limit the schema does not know: a configuration takes only the declared ones.
      const [klass] = rowsOf<{ id: number }>(
        await portal.database.db.execute(
          sql`insert into threshold_class (name, values) values ('Stored before', ${JSON.stringify({ ...thresholdValues, brakeLightSeconds: 1 })}::jsonb) returning id`,
        ),
      );
      const listed = (await call(portal, admin, thresholdApi.list)).data.find((c) => c.id === klass?.id);
      expect(listed?.values).toEqual(thresholdValues);
      const withClass = await save({ thresholds: { classId: klass?.id ?? 0 } });
      expect(withClass.data.settings.thresholds?.values).toEqual(thresholdValues);
      expect((await stored('device_config', withClass.data.id)) as object).toMatchObject({ thresholds: { values: thresholdValues } });
      expect(JSON.stringify(await stored('device_config', withClass.data.id))).not.toContain('brakeLight');
      await dispatch();
      expect(JSON.stringify(device.configs().at(-1))).not.toContain('brakeLight');

      // What a device reports is kept as declared.
      await device.client.publishAsync(
        `dev/${mine.uuid}/up/configReport`,
        message({ version: 99, settings: { uploadIntervalSeconds: 13, ...extra } }),
        { qos: 1 },
      );
      await waitFor(async () => (await info()).reported?.version === 99);
      const [report] = rowsOf<{ settings: unknown }>(
        await portal.database.db.execute(sql`select settings from device_config_report where device_id = ${mine.deviceId}`),
      );
      expect(report?.settings).toEqual({ uploadIntervalSeconds: 13 });
    } finally {
      await device.close();
    }
  });
});
