import { expect, type Locator, type Page } from '@playwright/test';
import {
  type FleetOptions,
  fleetUuid,
  memoryCredentialStore,
  SimDevice,
  type SimDeviceOptions,
  startFleet,
} from '@safety-shield/device-sim';
import { apiLogin } from './api.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';
import { workerPortal } from './portals.js';

/** Waits until the vehicle with `plate` has `count` incidents in the incident list. */
export async function expectIncidentCount(api: AdminApi, plate: string, count: number) {
  await expect(async () => {
    const { total } = await api<{ total: number }>('GET', `/v2/event/list?licensePlate=${encodeURIComponent(plate)}`);
    expect(total).toBe(count);
  }).toPass({ timeout: 30_000 });
}

/** A name no earlier run of the same portal has used. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Opens an antd select by its form label and chooses the option showing `text`. */
export async function chooseOption(page: Page, scope: Page | Locator, label: string | RegExp, text: string) {
  await scope.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** An organisation picker searches on the server as one types: type the name, then choose it. */
export async function chooseOrg(page: Page, scope: Page | Locator, label: string, name: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
}

/**
 * Types into a searching select and picks the option, until `shown` shows it: the options are fetched as one types
 * and may be redrawn (a device's first reports refresh device lists) just as the click lands, which then picks nothing.
 */
export async function pickSearched(page: Page, input: Locator, text: string, shown: Locator) {
  await expect(async () => {
    await input.fill(text);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click({ timeout: 5_000 });
    await expect(shown).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Calls the API as the Super Admin (for setting up data a test is not about). */
export async function adminApi(baseURL: string) {
  const token = await apiLogin(baseURL, 'admin', E2E_ADMIN_PASSWORD);
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; data: unknown };
    expect(envelope.code, `${method} ${path}: ${JSON.stringify(envelope)}`).toBe(200);
    return envelope.data as T;
  };
}

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** A fresh agent with one company under it, `{name} …` (`fields` add to the company), made by the Super Admin. */
export async function agentWithCompany(api: AdminApi, name: string, fields: { deviceQuota?: number } = {}) {
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique('Agent') });
  const company = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique(name), ...fields });
  return { agent, company };
}

/** A table row by a text in it. */
export const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

/**
 * A list row's values, whether its table shows them as columns or (too narrow for them: issue 16) in the row's
 * expanded part, which this opens when it has to.
 */
export async function expectRowShows(page: Page, text: string, ...values: string[]) {
  const line = row(page, text);
  await expect(line).toBeVisible();
  const details = line.locator('xpath=following-sibling::tr[1][contains(@class, "ant-table-expanded-row")]');
  const missing = async () => {
    const shown = `${await line.innerText()}\n${(await details.count()) ? await details.innerText() : ''}`;
    return values.filter((value) => !shown.includes(value));
  };
  await expect(async () => {
    const expand = line.getByRole('button', { name: /expand row/i });
    if ((await missing()).length && (await expand.count()) && !(await details.count())) await expand.click();
    expect(await missing()).toEqual([]);
  }).toPass({ timeout: 15_000 });
}

/** Switches the console's language from the header (retried: the menu may still be settling after a navigation). */
export async function chooseLanguage(page: Page, name: string) {
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name }).isVisible())) await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name }).click({ timeout: 2000 });
    await expect(page.getByTestId('language-select')).toContainText(name, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** The password accounts made by `readyCompanyAdmin` log in with (their first one is already changed). */
export const READY_PASSWORD = 'Chosen-Pass-2026';
const FIRST_PASSWORD = 'Welcome-2026-Aa';

/**
 * A Company Admin of a company (or with `level`, an Agent, Fleet or Site Admin of that organisation: `orgId`; a Super
 * Assistant, `orgId` unused) that has already changed its first password: its username and a session token.
 */
export async function readyCompanyAdmin(
  baseURL: string,
  api: AdminApi,
  orgId: number,
  prefix = 'boss',
  level: 'agent' | 'company' | 'fleet' | 'site' | 'assistant' = 'company',
) {
  const username = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const home = level === 'assistant' ? {} : { orgId };
  await api('POST', `/v1/account/register/${level}`, { username, password: FIRST_PASSWORD, rePassword: FIRST_PASSWORD, ...home });
  const first = await apiLogin(baseURL, username, FIRST_PASSWORD);
  const res = await fetch(`${baseURL}/v1/account/pwd`, {
    method: 'PUT',
    headers: { 'x-token': first, 'content-type': 'application/json' },
    body: JSON.stringify({ oldPassword: FIRST_PASSWORD, password: READY_PASSWORD, rePassword: READY_PASSWORD }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  return { username, token: await apiLogin(baseURL, username, READY_PASSWORD) };
}

/** The company's provisioning key, made by its Company Admin (`companyId` omitted: its own company). */
export async function provisioningKey(baseURL: string, token: string): Promise<string> {
  const res = await fetch(`${baseURL}/v1/device/provisioning`, {
    method: 'POST',
    headers: { 'x-token': token, 'content-type': 'application/json' },
    body: '{}',
  });
  const envelope = (await res.json()) as { code: number; data: { key: string } };
  expect(envelope.code, JSON.stringify(envelope)).toBe(200);
  return envelope.data.key;
}

/** The MQTT broker of this worker's portal, for simulated devices (global setup starts it). */
export function brokerUrl(): string {
  return workerPortal().mqttUrl;
}

/** The worker's portal's JT/T 808 port (issue 30). */
export function jt808Port(): number {
  return workerPortal().jt808Port;
}

/** A new vehicle of the fleet that has nothing but its plate (the other fields stay empty, the mileage 0). */
const plateOnlyVehicle = (api: AdminApi, licensePlate: string, fleetId: number) =>
  api<{ id: number }>('POST', '/v1/vehicle', { licensePlate, fleetId, initialMileageKm: 0 });

/**
 * A fresh agent, company and fleet with a ready Company Admin, the company's provisioning key and one vehicle in the
 * fleet, its plate `{label} {stamp}`. Simulated devices use `E2E-{label}-{stamp}` as their UUID (prefix). `options`
 * give the company a device quota or the fleet a name (`{fleetName} …`; default `Fleet …`).
 */
export async function companyWithVehicle(baseURL: string, label: string, options: { deviceQuota?: number; fleetName?: string } = {}) {
  const api = await adminApi(baseURL);
  const { company } = await agentWithCompany(api, `${label} Co`, { deviceQuota: options.deviceQuota });
  const fleetOrg = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: unique(options.fleetName ?? 'Fleet') });
  const admin = await readyCompanyAdmin(baseURL, api, company.id, label.toLowerCase());
  const key = await provisioningKey(baseURL, admin.token);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const plate = `${label} ${stamp}`;
  const vehicle = await plateOnlyVehicle(api, plate, fleetOrg.id);
  return { api, company, fleetOrg, admin, key, plate, vehicle, uuid: `E2E-${label}-${stamp}` };
}
export type CompanyWithVehicle = Awaited<ReturnType<typeof companyWithVehicle>>;

/** On the campaign form of `/devicepage/upgradeManager` (its package chosen): picks these devices and submits it. */
export async function submitCampaign(page: Page, uuids: string[]): Promise<Locator> {
  const form = page.getByTestId('campaign-form');
  const picker = form.getByTestId('campaign-devices');
  for (const uuid of uuids) await pickSearched(page, picker.locator('input'), uuid, picker);
  await page.keyboard.press('Escape');
  await form.getByTestId('campaign-submit').click();
  return form;
}

/** The id the device list gives the device with this UUID; 0 while it is not listed. */
export async function listedDeviceId(api: AdminApi, uuid: string): Promise<number> {
  const [listed] = (await api<{ records: { deviceId: number }[] }>('GET', `/v1/device/list?keyword=${uuid}`)).records;
  return listed?.deviceId ?? 0;
}

/** Binds the device with this UUID to the vehicle as soon as it has provisioned itself and is listed; answers its id. */
export async function bindWhenListed(api: AdminApi, uuid: string, vehicleId: number): Promise<number> {
  let deviceId = 0;
  await expect(async () => {
    deviceId = await listedDeviceId(api, uuid);
    expect(deviceId).toBeTruthy();
    await api('PUT', '/v1/vehicle/bind', { vehicleId, deviceId });
  }).toPass({ timeout: 30_000 });
  return deviceId;
}

/** Someone else binds the listed device with this UUID to a new vehicle of the fleet that has nothing but its plate. */
export async function bindElsewhere(api: AdminApi, uuid: string, licensePlate: string, fleetId: number) {
  const deviceId = await listedDeviceId(api, uuid);
  const elsewhere = await plateOnlyVehicle(api, licensePlate, fleetId);
  await api('PUT', '/v1/vehicle/bind', { vehicleId: elsewhere.id, deviceId });
}

/**
 * Runs `use` with a fleet of one simulated device (`{uuid}-0001`; `options` set how it reports) that provisioned itself
 * with the company's key and is bound to its vehicle; the device stops afterwards, whatever happened.
 */
export async function withBoundDevice(
  setup: Pick<CompanyWithVehicle, 'api' | 'key' | 'vehicle' | 'uuid'>,
  options: Partial<FleetOptions>,
  use: (device: SimDevice, uuid: string) => Promise<void>,
) {
  const prefix = `${setup.uuid}-`;
  const fleet = startFleet({ brokerUrl: brokerUrl(), devices: 1, uuidPrefix: prefix, provisioningKey: setup.key, ...options });
  try {
    await fleet.ready(30_000);
    const uuid = fleetUuid(prefix, 0, 1);
    await bindWhenListed(setup.api, uuid, setup.vehicle.id);
    const [device] = fleet.devices;
    if (!device) throw new Error('no simulated device');
    await use(device, uuid);
  } finally {
    await fleet.stop();
  }
}

/** A quiet simulated DVR (one GPS batch a minute, two cameras) that provisions itself with the company's key. */
export function simulatedDevice(uuid: string, key: string, options: Partial<SimDeviceOptions> = {}): SimDevice {
  return new SimDevice({
    uuid,
    brokerUrl: brokerUrl(),
    provisioningKey: key,
    credentials: memoryCredentialStore(),
    gpsIntervalMs: 60_000,
    channels: 2,
    ...options,
  });
}

/**
 * Resolves once the console's push socket says it is ready (authenticated): what is filed from then on reaches the
 * page live. Call it before the page opens the console.
 */
export function pushReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      }),
    );
  });
}
