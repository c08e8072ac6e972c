import {
  type AccountLevel,
  apiEndpoints,
  canCall,
  clauseApi,
  deviceConfigApi,
  type Endpoint,
  levelOrgKind,
  orgApi,
  type Role,
  reportScheduleApi,
  runtimeLogApi,
  subscriptionApi,
  vehicleApi,
} from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { type Answer, call, callUnchecked } from './api-client.js';
import { login } from './helpers.js';
import { type IdField, idFields, inputWith } from './id-fields.js';
import { addAccount, appWithTrees, GOOD_PASSWORD, signedIn, subscriptionTerms, type Tree } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';
import { zipEntries } from './zip-entries.js';

/**
 * SPEC section 6: an account of a sibling organisation gets PERMISSION_CHECK_FAIL for every call that takes an id of
 * another organisation's record, and the same answer for an id that does not exist, so it learns nothing. Issue 28:
 * the probes are generated from the contract's endpoints, so a new endpoint that names a record is probed, or listed
 * below with the reason it is not, without anyone remembering to add it.
 */
interface Target extends Tree {
  account: number;
  clause: number;
  vehicle: number;
  plate: string;
  device: number;
  deviceUuid: string;
  email: number;
  incident: number;
  tag: number;
  evidenceTask: number;
  sos: number;
  subscription: number;
  configVersion: number;
  deviceTask: number;
  runtimeLog: number;
  deviceAlert: number;
  liveSession: string;
  reportSchedule: number;
}
/** A kind of record the victim has (seeded below). */
type Kind = keyof Target;
/**
 * What an id field names: a kind of record the victim has; one it has none of (`none`: the endpoint, or the field,
 * must be exempt); or no record an organisation owns (`unscoped`: a part of the record named beside it, a
 * platform-wide record, a field the endpoint ignores).
 */
type Names = Kind | { none: string } | 'unscoped';

/** What a field names by its name (or, nested, its dotted path) alone. */
const byField: Partial<Record<string, Names>> = {
  licensePlate: 'plate',
  deviceUuid: 'deviceUuid',
  uid: 'account',
  accountId: 'account',
  recipients: 'account',
  agentId: 'agent',
  companyId: 'company',
  fleetId: 'fleet',
  vehicleId: 'vehicle',
  deviceId: 'device',
  deviceIds: 'device',
  eventId: 'incident',
  tagId: 'tag',
  clauseId: 'clause',
  deviceConfigLogsId: 'configVersion',
  deviceConfigTempLogsId: 'configVersion',
  sessionId: 'liveSession',
  // An incident's picture or clip, a configuration's picture, a task's device rows: parts of the record named beside.
  resourceId: 'unscoped',
  pictureId: 'unscoped',
  'settings.displayPicture.id': 'unscoped',
  rowIds: 'unscoped',
  // Threshold classes and firmware packages are the platform's (the Super Admin's), no organisation's.
  classId: 'unscoped',
  packageId: 'unscoped',
  // The identity provider's name for the portal, not a record.
  clientId: 'unscoped',
};

const orgKinds = ['agent', 'company', 'fleet', 'site'] as const;
/** The organisation an org endpoint is about (`companyInfo` → company), and the kind of its parent. */
const orgOf = (name: string) => orgKinds.find((kind) => name.startsWith(kind)) ?? 'agent';
const parentOf = (name: string) => orgKinds[Math.max(0, orgKinds.indexOf(orgOf(name)) - 1)] ?? 'agent';

/** What a generic field (`id`, `ids`, `taskId`, `parentId`, `orgId`) names: the endpoint's group tells. */
const byGroup: Partial<Record<string, (name: string, field: string, endpoint: Endpoint) => Names>> = {
  account: (_name, field, endpoint) => {
    // The assistants' calls: assistants belong to no organisation.
    if (field !== 'orgId') return 'unscoped';
    // A new account names the organisation of its level (an assistant's is ignored); the list's filter takes any.
    const level = endpoint.path.split('/').at(-1) as AccountLevel;
    return level in levelOrgKind ? (levelOrgKind[level] ?? 'unscoped') : 'company';
  },
  credential: () => ({ none: 'API token' }),
  sso: () => 'company',
  org: (name, field) => (field === 'parentId' ? parentOf(name) : orgOf(name)),
  subscription: () => 'subscription',
  deviceAlert: () => 'deviceAlert',
  deviceConfig: () => 'configVersion',
  deviceTask: () => 'deviceTask',
  runtimeLog: (_name, field) => (field === 'taskId' ? 'deviceTask' : 'runtimeLog'),
  // Threshold classes, firmware packages and campaigns, lock links: the Super Admin's, no organisation's.
  threshold: () => 'unscoped',
  firmware: () => 'unscoped',
  deviceLock: () => 'unscoped',
  evidenceRequest: () => 'evidenceTask',
  sos: () => 'sos',
  reportSchedule: () => 'reportSchedule',
  vehicle: (name) => (/Email/.test(name) ? 'email' : 'vehicle'),
  device: () => 'device',
  // A listed JT/T 808 terminal is named by its device's id.
  jt808Terminal: () => 'device',
  event: () => 'tag',
};

/**
 * Endpoints (`group.name`) or single id fields of one (`group.name field`) not probed, each with why. The test fails
 * for an endpoint that names a record and is neither probed nor listed here.
 */
const exempt: Record<string, string> = {
  'credential.removeApiToken': 'own account: an API token is its owner’s alone (credentials tests)',
  'deviceLock.publicSave': 'public: the lock link’s token is the whole authority, not a session’s scope (device-locks tests)',
  'account.registerAssistant': 'Super Admin only; an assistant belongs to no organisation (its orgId is ignored)',
  'account.setAssistantState': 'Super Admin only; an assistant belongs to no organisation',
  'account.removeAssistant': 'Super Admin only; an assistant belongs to no organisation',
  'account.resetAssistantPassword': 'Super Admin only; an assistant belongs to no organisation',
  'threshold.update': 'Super Admin only; threshold classes are the platform’s, no organisation’s',
  'threshold.remove': 'Super Admin only; threshold classes are the platform’s, no organisation’s',
  'deviceLock.revokeLink': 'Super Admin only; a lock link is the Super Admin’s, no organisation’s',
  'firmware.removePackage': 'Super Admin only; firmware packages are the platform’s, no organisation’s',
  'firmware.campaign': 'Super Admin only; an upgrade campaign is the platform’s, no organisation’s',
  'firmware.pause': 'Super Admin only; an upgrade campaign is the platform’s, no organisation’s',
  'firmware.resume': 'Super Admin only; an upgrade campaign is the platform’s, no organisation’s',
  'firmware.abort': 'Super Admin only; an upgrade campaign is the platform’s, no organisation’s',
};

/**
 * Probed, but answered without a refusal: the same answer as for an id that does not exist (so nothing is learnt) and,
 * for a role that may call the endpoint, not PERMISSION_CHECK_FAIL (so the entry goes when the server starts refusing).
 */
const notRefused: Record<string, string> = {
  'account.list orgId': 'list filter: accounts of the organisation named, within the caller’s scope',
  'clause.info': 'CLAUSE_NOT_EXIST: a clause that does not ask the caller is, to it, one that does not exist',
  'clause.consent': 'CLAUSE_NOT_EXIST: a clause that does not ask the caller is, to it, one that does not exist',
  'clause.states clauseId': 'list filter: the consents of the caller’s scope to the clause named',
  'clause.log clauseId': 'list filter: the consent log of the caller’s scope for the clause named',
  'coaching.queue licensePlate': 'list filter: the plate contains the text (company and fleet filters refuse)',
  'coaching.queue vehicleId': 'list filter: incidents of the vehicle within the caller’s scope',
  'device.bindLog': 'list filter: the bind log of the caller’s scope for the device or vehicle named',
  'device.list': 'list filter: the devices of the caller’s scope that match',
  'device.export': 'list filter: the device list’s filters, as a file',
  'device.exportOnline': 'list filter: the device list’s filters, as a file',
  'device.onlineSummary': 'list filter: the device list’s organisation filters',
  'deviceAlert.statusList deviceId': 'list filter: the status rows of the caller’s devices (the alert list refuses)',
  'deviceConfig.batchDispatch filter.agentId': 'the device list’s filters select no device of the caller’s: PARAM_CHECK_FAIL',
  'deviceConfig.batchDispatch filter.companyId': 'the device list’s filters select no device of the caller’s: PARAM_CHECK_FAIL',
  'deviceConfig.batchDispatch filter.fleetId': 'the device list’s filters select no device of the caller’s: PARAM_CHECK_FAIL',
  'deviceConfig.batchDispatch filter.licensePlate': 'the device list’s filters select no device of the caller’s: PARAM_CHECK_FAIL',
  'event.list': 'list filter: the incidents of the caller’s scope that match',
  'event.recycleBin': 'list filter: the incident list’s filters',
  'event.export': 'list filter: the incident list’s filters, as a file',
  'eventMap.clusters': 'list filter: the incident list’s filters, on the map',
  'org.agentList parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.agentOptions parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.companyList parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.companyOptions parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.fleetList parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.fleetOptions parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.siteList parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'org.siteOptions parentId': 'list filter: the organisations of the caller’s scope under the one named',
  'runtimeLog.list taskId': 'list filter: the runtime logs of the caller’s scope from the order named',
  'vehicle.list': 'list filter: the vehicles of the caller’s scope that match',
};

/** An id field with what it names. */
type Field = IdField & { names: Names | undefined };
interface Named {
  name: string;
  endpoint: Endpoint;
  fields: Field[];
}
/** Every endpoint (`group.name`) whose input names a record, with those fields. */
const naming: Named[] = Object.entries(apiEndpoints).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).flatMap(([name, endpoint]) => {
    const namer = (path: string[]) =>
      byField[path.join('.')] ?? byField[path.at(-1) ?? ''] ?? byGroup[group]?.(name, path.at(-1) ?? '', endpoint);
    const fields = idFields(endpoint).map((field) => ({ ...field, names: namer(field.path) }));
    return fields.length ? [{ name: `${group}.${name}`, endpoint, fields }] : [];
  }),
);

const isKind = (names: Names | undefined): names is Kind => typeof names === 'string' && names !== 'unscoped';

interface Probe {
  label: string;
  name: string;
  endpoint: Endpoint;
  input: (target: Target) => Record<string, unknown>;
}

/**
 * An endpoint's probes: its required ids set to the victim's records; then, per optional id field, that field set as
 * well (each alone, so that a refusal is that field's). None when a required id names a record the victim has none of.
 */
function probesOf({ name, endpoint, fields }: Named): Probe[] {
  if (exempt[name] || fields.some((field) => field.required && !isKind(field.names) && field.names !== 'unscoped')) return [];
  const required = fields.filter((field) => field.required && isKind(field.names));
  const optional = fields.filter((field) => !field.required && isKind(field.names) && !exempt[`${name} ${field.label}`]);
  const probe = (label: string, set: Field[]): Probe => {
    const input = (target: Target) =>
      inputWith(
        endpoint,
        set.map((field) => [field, target[field.names as Kind]]),
      );
    return { label, name, endpoint, input };
  };
  return [
    ...(required.length ? [probe(name, required)] : []),
    ...optional.map((field) => probe(`${name} ${field.label}`, [...required, field])),
  ];
}

const probes = naming.flatMap(probesOf);

const callers: Role[] = ['AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'];

const { ctx, admin, mine, theirs } = await appWithTrees({ mine: 'Mine', theirs: 'Theirs' });
afterAll(() => ctx.close());

const PLATE = 'VICTIM 1';
const UUID = 'VICTIM-DEV';
const rowId = (rows: { id: number }[]) => rows[0]?.id ?? 0;
const chain = { belongAgentId: theirs.agent, belongCompanyId: theirs.company };

/** The data of a seeding call, which must succeed. */
function made<Data>(answer: Answer<Data>): Data {
  if (answer.codeKey !== 'REQUEST_SUCCESS') throw new Error(`seeding failed: ${answer.codeKey} ${answer.msg}`);
  return answer.data;
}

type Account = { id: number; token: string };

/** Rows of every kind in the sibling organisation `theirs`. */
async function seedVictim(): Promise<Target> {
  const theirAgent = await signedIn(ctx, 'victim.agent', 'AGENT_ADMIN', theirs);
  const clause = made(
    await call(ctx, theirAgent.token, clauseApi.create, { title: 'Theirs', content: 'x', placeType: 'self', mustCheck: false }),
  );
  const vehicle = made(
    await call(ctx, theirAgent.token, vehicleApi.create, { licensePlate: PLATE, fleetId: theirs.fleet, initialMileageKm: 0 }),
  );
  const email = made(await call(ctx, theirAgent.token, vehicleApi.addEmail, { vehicleId: vehicle.id, email: 'victim@example.com' }));
  const device = await incidentSource(ctx, theirs, { uuid: UUID, plate: PLATE, messagePrefix: 'victim-' });
  const incident = await device.add(theirs);
  const db = ctx.database.db;
  const tag = await db
    .insert(schema.eventTag)
    .values({ name: 'Victim tag', ...chain })
    .returning({ id: schema.eventTag.id });
  const evidenceTask = await db
    .insert(schema.evidenceTask)
    .values({ incidentId: incident, deviceUuid: UUID, kind: 'video', resourceIds: [] })
    .returning({ id: schema.evidenceTask.id });
  const sos = await db
    .insert(schema.sos)
    .values({ deviceId: device.deviceId, deviceUuid: UUID, startMessageId: 'victim-sos', startAt: new Date(), ...chain })
    .returning({ id: schema.sos.id });
  return {
    ...theirs,
    evidenceTask: rowId(evidenceTask),
    sos: rowId(sos),
    incident,
    tag: rowId(tag),
    account: await addAccount(ctx, 'victim.site', 'SITE_ADMIN', theirs),
    clause: clause.clauseId,
    vehicle: vehicle.id,
    plate: PLATE,
    device: device.deviceId,
    deviceUuid: UUID,
    email: email.id,
    ...(await seedMore(theirAgent, device.deviceId)),
  };
}

/** Issue 28: records of the kinds the generated probes name beyond those of the hand-written list. */
async function seedMore(theirAgent: Account, deviceId: number) {
  const db = ctx.database.db;
  const terms = { ...subscriptionTerms('basic', 10, Date.now(), 30), plan: 'basic' as const };
  const subscription = made(await call(ctx, admin, subscriptionApi.create, { companyId: theirs.company, ...terms }));
  const draft = { deviceId, settings: { uploadIntervalSeconds: 30 } };
  const configVersion = made(await call(ctx, theirAgent.token, deviceConfigApi.save, draft));
  const deviceTask = made(await call(ctx, theirAgent.token, runtimeLogApi.order, { deviceIds: [deviceId] }));
  const reportSchedule = made(
    await call(ctx, theirAgent.token, reportScheduleApi.create, { name: 'Victim', frequency: 'weekly', recipients: [theirAgent.id] }),
  );
  const device = { deviceId, deviceUuid: UUID };
  const runtimeLog = await db
    .insert(schema.deviceRuntimeLog)
    .values({ taskId: deviceTask.id, ...device, key: 'victim.gz', size: 1, orderedByName: 'victim.agent', ...chain })
    .returning({ id: schema.deviceRuntimeLog.id });
  const deviceAlert = await db
    .insert(schema.deviceAlert)
    .values({ deviceId, code: 'sdCard', raisedAt: new Date() })
    .returning({ id: schema.deviceAlert.id });
  const now = new Date();
  const session = { stream: 'victim-stream', keyHash: 'x', ...device, channel: 1, channels: 1, ...chain, media: 'external' as const };
  await db.insert(schema.liveSession).values({ ...session, state: 'ready', startedAt: now, viewersChangedAt: now, ownerNode: 'victim' });
  return {
    subscription: subscription.id,
    configVersion: configVersion.id,
    deviceTask: deviceTask.id,
    runtimeLog: rowId(runtimeLog),
    deviceAlert: rowId(deviceAlert),
    liveSession: session.stream,
    reportSchedule: reportSchedule.id,
  };
}

const victim = await seedVictim();
/** Ids that exist nowhere. */
const ghost: Target = {
  agent: 999_001,
  company: 999_002,
  fleet: 999_003,
  site: 999_004,
  account: 999_005,
  clause: 999_006,
  vehicle: 999_007,
  plate: 'GHOST 1',
  device: 999_008,
  deviceUuid: 'GHOST-DEV',
  email: 999_009,
  incident: 999_010,
  tag: 999_011,
  evidenceTask: 999_012,
  sos: 999_013,
  subscription: 999_014,
  configVersion: 999_015,
  deviceTask: 999_016,
  runtimeLog: 999_017,
  deviceAlert: 999_018,
  liveSession: 'ghost-stream',
  reportSchedule: 999_019,
};
const tokens = new Map<Role, string>();
for (const role of callers) tokens.set(role, (await signedIn(ctx, `caller.${role.toLowerCase()}`, role, mine)).token);

/** What a caller learns from an answer: the envelope; a file's contents (a spreadsheet's entries, their stamp aside). */
// biome-ignore lint/suspicious/noExplicitAny: answers of every endpoint
async function learnt({ status, code, codeKey, msg, data, res }: Answer<any>) {
  const file = codeKey ? undefined : res.rawPayload;
  const zipped = file?.subarray(0, 2).toString() === 'PK';
  const entries = zipped ? [...(await zipEntries(file)).entries()].filter(([name]) => name !== 'docProps/core.xml') : undefined;
  const body = entries ? entries.map(([name, bytes]) => `${name}: ${bytes}`) : file?.toString();
  return { status, code, codeKey, msg, data, type: res.headers['content-type'], body };
}

/** Why an id field of an endpoint goes unprobed with nobody having said so (undefined: it is probed, or need not be). */
function gapOf(name: string, field: Field): string | undefined {
  if (field.names === 'unscoped' || isKind(field.names)) return undefined;
  if (field.names === undefined) return `${field.label} names a record no table here knows: name it in byField or byGroup`;
  if (field.required) return `${field.label} needs a victim’s ${field.names.none}: seed one, or exempt the endpoint`;
  return exempt[`${name} ${field.label}`]
    ? undefined
    : `${field.label} needs a victim’s ${field.names.none}: seed one, or exempt the field`;
}

/** What an endpoint that names a record lacks to be probed or exempt (nothing: it is one or the other). */
function gapsOf(named: Named): string[] {
  if (exempt[named.name]) return [];
  const gaps = named.fields.flatMap((field) => gapOf(named.name, field) ?? []);
  if (!gaps.length && !probesOf(named).length) gaps.push('names no record of an organisation’s: exempt it, with the reason');
  return gaps.map((gap) => `${named.name}: ${gap}`);
}

describe('the probes', () => {
  it('cover every endpoint whose input names a record, or an exemption says why not', () => {
    expect(naming.flatMap(gapsOf)).toEqual([]);
    expect(probes.map((probe) => probe.label)).toEqual(
      expect.arrayContaining(['vehicle.info id', 'live.start deviceId', 'event.remove', 'statistics.tag tagId', 'dvr.play']),
    );
  });

  it('are exempted or let through by names that exist', () => {
    const names = new Set(naming.flatMap(({ name, fields }) => [name, ...fields.map((field) => `${name} ${field.label}`)]));
    const probed = new Set(probes.flatMap((probe) => [probe.name, probe.label]));
    expect(Object.keys(exempt).filter((key) => !names.has(key))).toEqual([]);
    expect(Object.keys(notRefused).filter((key) => !probed.has(key))).toEqual([]);
  });
});

describe('a sibling organisation’s ids', () => {
  for (const role of callers) {
    it.each(probes.map((probe) => [probe.label, probe] as const))(
      `${role}: %s → PERMISSION_CHECK_FAIL (or as notRefused says), the same as for a missing id`,
      async (label, { name, endpoint, input }) => {
        const token = tokens.get(role) ?? '';
        const real = await learnt(await callUnchecked(ctx, token, endpoint, input(victim)));
        const missing = await learnt(await callUnchecked(ctx, token, endpoint, input(ghost)));
        expect(missing).toEqual(real);
        if (!(notRefused[label] ?? notRefused[name])) expect(real).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
        else if (canCall(role, endpoint)) expect(real.codeKey).not.toBe('PERMISSION_CHECK_FAIL');
      },
    );
  }

  it('left the sibling organisation untouched', async () => {
    const companies = await call(ctx, admin, orgApi.companyList, { parentId: victim.agent, page: 1, limit: 10 });
    expect(companies.data.records[0]).toMatchObject({ name: 'Company Theirs', state: 'enabled' });
    await expect(login(ctx.app, 'victim.site', GOOD_PASSWORD)).resolves.toBeTruthy();
    const clauses = await call(ctx, admin, clauseApi.list, { page: 1, limit: 10 });
    expect(clauses.data.records).toEqual([expect.objectContaining({ clauseId: victim.clause, title: 'Theirs', version: 1 })]);
  });
});
