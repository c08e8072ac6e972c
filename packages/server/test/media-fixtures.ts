import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import type { Db } from '../src/db/client.js';
import { vehicle } from '../src/db/schema.js';
import { type Company, seedCompany, seedDevice } from './gateway-fixtures.js';
import { type Ctx, signedIn, type Tree } from './identity-fixtures.js';

/** Reads the start of an HTTP-FLV answer until `bytes` have come, then hangs up (one connection, no pool). */
export function readFlv(url: string, bytes: number, timeoutMs = 15_000): Promise<{ status: number; head: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const req = get(url, { agent: false }, (res) => {
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, head: Buffer.concat(chunks) });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        got += chunk.length;
        if (got >= bytes) done();
      });
      res.on('end', done);
    });
    const timer = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
    req.on('error', reject);
  });
}

export const companyTree = (company: Company): Tree => ({ agent: company.agentId, company: company.companyId, fleet: 0, site: 0 });

/**
 * A company with a two-channel device (holding a secret) bound to a vehicle, and its Company Admin signed in through
 * `ctx`: what the live and DVR tests start from. `online`: marked online without connecting.
 */
export async function seedCameraVehicle(ctx: Ctx, prefix: string, label: string, options: { online?: boolean } = {}) {
  const db: Db = ctx.database.db;
  const uuid = `${prefix}-${label}-${randomBytes(3).toString('hex')}`;
  const company = await seedCompany(db, `${label} ${uuid}`);
  const plate = `${prefix.slice(0, 2)}-${uuid}`;
  const [car] = await db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: company.agentId, belongCompanyId: company.companyId })
    .returning({ id: vehicle.id });
  if (!car) throw new Error('no vehicle');
  const { id: deviceId, secret } = await seedDevice(db, company, uuid, { channels: 2, online: options.online ?? false, vehicleId: car.id });
  const admin = await signedIn(ctx, `admin.${uuid.toLowerCase()}`, 'COMPANY_ADMIN', companyTree(company));
  return { uuid, secret, plate, vehicleId: car.id, deviceId, token: admin.token, company };
}
