import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { device, org, vehicle } from '../db/schema.js';
import { hashToken } from '../http/tokens.js';

/** What the demo needs again on later starts: its provisioning key and how many devices it runs. */
export interface DemoState {
  provisioningKey: string;
  devices: number;
  uuidPrefix: string;
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

/**
 * A demo agent, company, three fleets and ten vehicles, each with a device row waiting for its simulated DVR
 * (issue 5: `npm start` on a new, empty database shows moving vehicles). Runs only on a database without organisations.
 */
export async function seedDemo(db: Db, stateFile: string): Promise<DemoState | null> {
  if (existsSync(stateFile)) return JSON.parse(await readFile(stateFile, 'utf8')) as DemoState;
  const [orgs] = await db.select({ n: count() }).from(org);
  if ((orgs?.n ?? 0) > 0) return null;
  const provisioningKey = `pk_${randomBytes(24).toString('base64url')}`;
  let devices = 0;
  await db.transaction(async (tx) => {
    const [agent] = await tx.insert(org).values({ kind: 'agent', name: 'Nordic Safety Partners' }).returning({ id: org.id });
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
      })
      .returning({ id: org.id });
    if (!company) throw new Error('demo company not created');
    await tx.update(org).set({ belongCompanyId: company.id }).where(sqlId(company.id));
    for (const [f, spec] of FLEETS.entries()) {
      const [fleet] = await tx
        .insert(org)
        .values({ kind: 'fleet', name: spec.name, parentId: company.id, belongAgentId: agent.id, belongCompanyId: company.id })
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
            kindName: 'Truck',
            useFor: 'Deliveries',
            initialMileageKm: 40_000 + devices * 7_321,
            ...chain,
          })
          .returning({ id: vehicle.id });
        devices += 1;
        await tx.insert(device).values({
          deviceUuid: `${PREFIX}${String(devices).padStart(4, '0')}`,
          name: `DVR ${plate}`,
          channels: 4,
          vehicleId: car?.id,
          boundAt: new Date(),
          ...chain,
        });
      }
    }
  });
  const state: DemoState = { provisioningKey, devices, uuidPrefix: PREFIX };
  await writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
  return state;
}

const sqlId = (id: number) => eq(org.id, id);

export const demoStateFile = (dataDir: string) => path.join(dataDir, 'demo.json');
