import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { account, device, deviceBindLog, jt808Terminal, org, vehicle } from '../db/schema.js';
import { hashToken } from '../http/tokens.js';
import type { ObjectStore } from '../storage/object-store.js';
import { demoConfigFile, liveStart } from './live-start.js';
import { type DemoVehicleRows, PAST_DAYS, type PastSummary, writeDemoPast } from './past.js';

/**
 * What the demo needs again on later starts: its provisioning key, how many MQTT devices it runs (they drive the first
 * vehicles), and the JT/T 808 dashcams of the last vehicles with their authentication codes. A demo.json written
 * before the dashcams (issue 30) has none: all its vehicles carry MQTT devices.
 */
export interface DemoState {
  provisioningKey: string;
  devices: number;
  uuidPrefix: string;
  jt808?: DemoTerminal[];
}

/** A demo vehicle's JT/T 808 dashcam: its terminal number (its device uuid), code, edition and the vehicle's plate. */
export interface DemoTerminal {
  terminal: string;
  code: string;
  version: 2013 | 2019;
  plate: string;
}

const FLEETS = [
  { name: 'Oslo delivery', plates: ['EL 10231', 'EL 10232', 'EL 10233', 'EK 45120'] },
  { name: 'Stockholm transit', plates: ['ABC 123', 'JKL 456', 'MNO 789'] },
  { name: 'Gothenburg logistics', plates: ['GBG 201', 'GBG 202', 'GBG 203'] },
];
/** The demo's plates in device order: device n drives the n-th vehicle (the seed binds them so). */
export const DEMO_PLATES = FLEETS.flatMap((fleet) => fleet.plates);
const BRANDS = [
  ['Volvo', 'FH16'],
  ['Scania', 'R 450'],
  ['Mercedes-Benz', 'Sprinter'],
  ['Volkswagen', 'Crafter'],
  ['MAN', 'TGX'],
] as const;
const PREFIX = 'DEMO-';
/** The last vehicles carry market dashcams speaking JT/T 808 instead (one of each edition), so the fleet mixes both protocols. */
const TERMINALS = [
  { terminal: '13900000009', version: 2013 },
  { terminal: '13900000010', version: 2019 },
] as const;
const TERMINAL_MODEL = 'SS-808';

/**
 * What a first start seeded: the demo's state, and when its past was written now (absent on later starts) what it
 * holds and the upload of its newest incidents' files, for main.ts to run once the portal answers.
 */
export interface SeededDemo {
  state: DemoState;
  past?: PastSummary;
  uploadEvidence?: () => Promise<number>;
}

/**
 * A demo agent, company, three fleets and ten vehicles, each with a device row waiting for its simulated DVR
 * (issue 5: `npm start` on a new, empty database shows moving vehicles), registered PAST_DAYS days ago and given that
 * past (issue 28: past.ts), all in one transaction. Runs only on a database without organisations.
 */
export async function seedDemo(db: Db, store: ObjectStore, stateFile: string, now = Date.now()): Promise<SeededDemo | null> {
  if (existsSync(stateFile)) return { state: JSON.parse(await readFile(stateFile, 'utf8')) as DemoState };
  const [orgs] = await db.select({ n: count() }).from(org);
  if ((orgs?.n ?? 0) > 0) return null;
  const provisioningKey = `pk_${randomBytes(24).toString('base64url')}`;
  const fleetSize = DEMO_PLATES.length;
  const mqttDevices = fleetSize - TERMINALS.length;
  const terminals: DemoTerminal[] = [];
  // Registered just before the past begins: its first trips find the vehicles, devices and bindings in place.
  const createdAt = new Date(now - (PAST_DAYS + 1) * 86_400_000);
  const vehicles: DemoVehicleRows[] = [];
  let devices = 0;
  const past = await db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: account.id, username: account.username })
      .from(account)
      .where(eq(account.role, 'SUPER_ADMIN'))
      .limit(1);
    const [agent] = await tx.insert(org).values({ kind: 'agent', name: 'Nordic Safety Partners', createdAt }).returning({ id: org.id });
    if (!agent) throw new Error('demo agent not created');
    await tx.update(org).set({ belongAgentId: agent.id }).where(sqlId(agent.id));
    const [company] = await tx
      .insert(org)
      .values({
        kind: 'company',
        name: 'Demo Transport AS',
        parentId: agent.id,
        belongAgentId: agent.id,
        provisioningKeyHash: hashToken(provisioningKey),
        createdAt,
      })
      .returning({ id: org.id });
    if (!company) throw new Error('demo company not created');
    await tx.update(org).set({ belongCompanyId: company.id }).where(sqlId(company.id));
    for (const [f, spec] of FLEETS.entries()) {
      const [fleet] = await tx
        .insert(org)
        .values({ kind: 'fleet', name: spec.name, parentId: company.id, belongAgentId: agent.id, belongCompanyId: company.id, createdAt })
        .returning({ id: org.id });
      if (!fleet) throw new Error('demo fleet not created');
      await tx.update(org).set({ belongFleetId: fleet.id }).where(sqlId(fleet.id));
      for (const [p, plate] of spec.plates.entries()) {
        const [brand, model] = BRANDS[(f * 4 + p) % BRANDS.length] ?? BRANDS[0];
        const chain = { belongAgentId: agent.id, belongCompanyId: company.id, belongFleetId: fleet.id };
        const [car] = await tx
          .insert(vehicle)
          .values({
            licensePlate: plate,
            brand,
            model,
            kindName: 'truck',
            useFor: 'delivery',
            initialMileageKm: 40_000 + devices * 7_321,
            ...chain,
            createdAt,
          })
          .returning({ id: vehicle.id });
        if (!car) throw new Error('demo vehicle not created');
        const index = devices;
        devices += 1;
        const dashcam = TERMINALS[index - mqttDevices];
        const deviceUuid = dashcam ? dashcam.terminal : `${PREFIX}${String(devices).padStart(4, '0')}`;
        const channels = dashcam ? 2 : 4;
        const [dvr] = await tx
          .insert(device)
          .values({
            deviceUuid,
            name: dashcam ? `Dashcam ${plate}` : `DVR ${plate}`,
            channels,
            ...(dashcam ? { protocol: 'jt808' as const, model: TERMINAL_MODEL } : {}),
            vehicleId: car.id,
            boundAt: createdAt,
            ...chain,
            createdAt,
          })
          .returning({ id: device.id });
        if (!dvr) throw new Error('demo device not created');
        if (dashcam) {
          // Registered as the simulated dashcam registers: the code is kept in demo.json, only its hash here.
          const code = randomBytes(12).toString('base64url');
          await tx.insert(jt808Terminal).values({
            deviceId: dvr.id,
            terminalNo: dashcam.terminal,
            codeHash: hashToken(code),
            edition: dashcam.version,
            maker: 'SSHLD',
            model: TERMINAL_MODEL,
            terminalId: dashcam.terminal.slice(-7),
            plate,
            plateColour: 1,
            registeredAt: createdAt,
            createdAt,
          });
          terminals.push({ terminal: dashcam.terminal, code, version: dashcam.version, plate });
        }
        await tx.insert(deviceBindLog).values({
          deviceId: dvr.id,
          deviceUuid,
          vehicleId: car.id,
          licensePlate: plate,
          action: 'bind',
          accountId: admin?.id ?? null,
          username: admin?.username ?? 'admin',
          at: createdAt,
          ...chain,
        });
        vehicles.push({
          deviceId: dvr.id,
          vehicleId: car.id,
          uuid: deviceUuid,
          plate,
          channels,
          fleetId: fleet.id,
          live: liveStart(deviceUuid, index),
        });
      }
    }
    return writeDemoPast(tx as unknown as Db, store, { agentId: agent.id, companyId: company.id, vehicles }, now);
  });
  const state: DemoState = { provisioningKey, devices: mqttDevices, uuidPrefix: PREFIX, jt808: terminals };
  // The simulated devices start with the configuration the past left them, as the portal knows it.
  await writeFile(demoConfigFile(path.dirname(stateFile)), JSON.stringify(past.runningConfigs));
  await writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
  return { state, past: past.summary, uploadEvidence: () => past.uploadEvidence(db) };
}

const sqlId = (id: number) => eq(org.id, id);

export const demoStateFile = (dataDir: string) => path.join(dataDir, 'demo.json');

/**
 * ARCHITECTURE section 1: a new, empty embedded database gets the demo (DEMO=0: none; a PostgreSQL server never gets
 * one). The store is where the past's evidence files go.
 */
export function seedDemoIfWanted(
  config: Pick<Config, 'demo' | 'databaseUrl' | 'dataDir'>,
  db: Db,
  store: ObjectStore,
  now = Date.now(),
): Promise<SeededDemo | null> {
  if (!config.demo || config.databaseUrl) return Promise.resolve(null);
  return seedDemo(db, store, demoStateFile(config.dataDir), now);
}
