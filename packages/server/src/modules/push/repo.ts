import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { visibleVehicles } from '../vehicles/index.js';

/** Which of the wanted vehicles the principal may watch. */
export async function watchableVehicles(db: Db, principal: Principal, wanted: number[]): Promise<number[]> {
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: vehicle.id })
    .from(vehicle)
    .where(and(visibleVehicles(principal), inArray(vehicle.id, wanted)));
  return rows.map((row) => row.id);
}
