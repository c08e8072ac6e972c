import { createHash } from 'node:crypto';
import { deviceApi, deviceConfigApi, type InputOf } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { recordedUpload } from '../src/storage/upload-records.js';
import { call, callUnchecked } from './api-client.js';
import { seedDevice, waitFor } from './gateway-fixtures.js';
import { portalWithCompanies } from './portal-fixtures.js';
import { breakOffPut, linkUsed, putTo } from './upload-fixtures.js';

/**
 * A device's display picture (`deviceConfigApi.updatePicture`, docs/device-protocol.md `config`): the console
 * uploads it through a signed link, a configuration names it, and the simulated device fetches and checks it.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const { portal, company, admin, other } = await portalWithCompanies('Picture');
afterAll(() => portal.close(), 60_000);
const { id: deviceId, secret } = await seedDevice(portal.database.db, company, 'PIC-1');
const sim = await portal.startSimulator('PIC-1', secret);
await waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId })).data?.online);

const slot = (body: InputOf<typeof deviceConfigApi.updatePicture>, token = admin) =>
  call(portal, token, deviceConfigApi.updatePicture, body);
const put = (url: string, bytes: Buffer, type: string) =>
  fetch(`${portal.baseUrl}${url}`, { method: 'PUT', headers: { 'content-type': type }, body: bytes });

describe('a display picture', () => {
  it('is uploaded, named by a configuration, fetched and checked by the device', async () => {
    const made = await slot({ contentType: 'image/png', size: PNG.length });
    expect(made.data.picture).toMatchObject({ contentType: 'image/png', size: PNG.length, id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(made.data.uploadUrl).toMatch(/^\/objects\//);
    // Named before its bytes arrived: refused.
    const early = await call(portal, admin, deviceConfigApi.save, {
      deviceId,
      settings: { displayPicture: made.data.picture },
    });
    expect(early).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await put(made.data.uploadUrl, PNG, 'image/png')).status).toBe(200);

    const saved = await call(portal, admin, deviceConfigApi.save, {
      deviceId,
      settings: { displayPicture: made.data.picture },
    });
    expect(saved.data.changed).toEqual(['displayPicture']);
    const sent = await call(portal, admin, deviceConfigApi.dispatch, { deviceId });
    expect(sent.data.status).toBe('applied');
    expect(sim.displayPicture).toEqual({
      id: made.data.picture.id,
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    expect(sim.configuration.settings.displayPicture).toEqual(made.data.picture);

    const link = await call(portal, admin, deviceConfigApi.picture, { deviceId, pictureId: made.data.picture.id });
    const shown = await fetch(`${portal.baseUrl}${link.data.url}`);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PNG);
  });

  it('takes only the bytes announced: a JPEG of the right type and size', async () => {
    const made = await slot({ contentType: 'image/jpeg', size: PNG.length });
    // PNG bytes labelled JPEG are refused by their signature, and a body larger than announced by its size.
    expect((await put(made.data.uploadUrl, PNG, 'image/jpeg')).status).toBeGreaterThanOrEqual(400);
    expect((await put(made.data.uploadUrl, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), PNG]), 'image/jpeg')).status).toBe(413);
    const short = await slot({ contentType: 'image/png', size: PNG.length + 10 });
    expect((await put(short.data.uploadUrl, PNG, 'image/png')).status).toBe(200);
    // Fewer bytes than announced: the document may not name it.
    expect(await call(portal, admin, deviceConfigApi.save, { deviceId, settings: { displayPicture: short.data.picture } })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });

  it('takes one upload per link: one broken off may be completed with it, a second PUT to a used one is refused', async () => {
    // A PNG's first bytes, then bytes of a pattern: the two pictures differ, and have the same size.
    const pictureOf = (fill: number) => Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(20_000, fill)]);
    const first = pictureOf(1);
    const made = await slot({ contentType: 'image/png', size: first.length });
    const url = `${portal.baseUrl}${made.data.uploadUrl}`;
    await breakOffPut(url, 'image/png', first);
    expect((await putTo(url, 'image/png', first)).status).toBe(200);
    for (const body of [pictureOf(2), first]) {
      const again = await putTo(url, 'image/png', body);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject(linkUsed);
    }
    const key = `device-picture/${made.data.picture.id}`;
    expect(await recordedUpload(portal.database.db, key)).toEqual({
      size: first.length,
      sha256: createHash('sha256').update(first).digest('hex'),
    });
    const saved = await call(portal, admin, deviceConfigApi.save, {
      deviceId,
      settings: { displayPicture: made.data.picture },
    });
    expect(saved.data.changed).toEqual(['displayPicture']);
    const link = await call(portal, admin, deviceConfigApi.picture, { deviceId, pictureId: made.data.picture.id });
    expect(Buffer.from(await (await fetch(`${portal.baseUrl}${link.data.url}`)).arrayBuffer()).equals(first)).toBe(true);
  });

  it('refuses other types, oversized pictures, other organisations and unknown pictures', async () => {
    expect(await callUnchecked(portal, admin, deviceConfigApi.updatePicture, { contentType: 'image/gif', size: 10 })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect(await slot({ contentType: 'image/png', size: 3 * 1024 * 1024 })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await slot({ contentType: 'image/png', size: 0 })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    const state = (await call(portal, admin, deviceConfigApi.info, { deviceId })).data;
    const pictureId = state.current?.settings.displayPicture?.id ?? '';
    expect(await call(portal, other, deviceConfigApi.picture, { deviceId, pictureId })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(portal, admin, deviceConfigApi.picture, { deviceId, pictureId: '0'.repeat(32) })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect(await callUnchecked(portal, admin, deviceConfigApi.picture, { deviceId, pictureId: '../..' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });
});
