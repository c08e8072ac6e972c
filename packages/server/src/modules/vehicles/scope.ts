import { and, gt, or, type SQL, sql } from 'drizzle-orm';
import { vehicle } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

/** The lessee's chain, shaped like an owner chain so the one scope rule of SPEC section 6 decides it too. */
export const lessee = { belongAgentId: vehicle.leaseAgentId, belongCompanyId: vehicle.leaseCompanyId, belongFleetId: vehicle.leaseFleetId };

/** A lease counts until its end time, whether or not the expiry job has cleared it yet. */
export const leaseRunning = (): SQL => and(sql`${vehicle.leaseFleetId} is not null`, gt(vehicle.leaseExpireAt, sql`now()`)) ?? sql`false`;

/** Vehicles the caller owns (may edit, lease, bind, delete). */
export const ownedVehicles = (principal: Principal): SQL => inScope(principal, vehicle);

/** Vehicles the caller sees and uses: its own, and those leased to it while the lease runs (SPEC section 4). */
export const visibleVehicles = (principal: Principal): SQL =>
  or(inScope(principal, vehicle), and(leaseRunning(), inScope(principal, lessee))) ?? sql`false`;

/** True for rows the caller sees only as the lessee. */
export const leasedToCaller = (principal: Principal): SQL<boolean> =>
  sql<boolean>`(not (${inScope(principal, vehicle)}) and ${leaseRunning()})`;
