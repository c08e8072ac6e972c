import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incident, vehicle } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
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

/** Whether the principal may see the incident (and so follow its uploads). */
export async function incidentVisible(db: Db, principal: Principal, incidentId: number): Promise<boolean> {
  const [visible] = await db
    .select({ id: incident.id })
    .from(incident)
    .where(and(inScope(principal, incident), eq(incident.id, incidentId)));
  return visible !== undefined;
}
