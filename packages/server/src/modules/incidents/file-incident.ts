/**
 * Filing an incident a device reported (docs/device-protocol.md, `incident`), and the two rules an S.O.S shares with
 * it: the vehicle a device was bound to at a time and the organisation chain an incident belongs to. The device's
 * adapter parses the message; what is stored, and under whom, is decided here.
 */
import { defaultTagOfType } from '@safety-shield/contract';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { BusMessages } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { lockDeviceByUuid } from '../../db/locks.js';
import { device, deviceBindLog, incident, incidentHistory, incidentResource, vehicle } from '../../db/schema.js';
import { belongingTo, chainColumns } from '../../db/subqueries.js';
import type { IncidentReport, ReportedResource } from '../../device-port/index.js';
import { defaultTag } from './default-tags.js';
import { driverAt } from './driver-at.js';

/** The rows of the files a device lists for an incident, none uploaded yet (state 0). */
export const resourceRows = (incidentId: number, resources: ReportedResource[]) =>
  resources.map((resource) => ({
    incidentId,
    deviceResourceId: resource.id,
    kind: resource.kind,
    channel: resource.channel,
    startAt: resource.start === null ? null : new Date(resource.start),
    endAt: resource.end === null ? null : new Date(resource.end),
    state: 0,
  }));

/** An incident a device reported, filed: what the portal tells the consoles in its chain. */
export type IncidentUpdate = BusMessages['incident'];

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What became of an incident message; every outcome is acknowledged. */
export type IncidentOutcome =
  | { stored: true; update: IncidentUpdate }
  | { stored: false; reason: 'unknown device' | 'resent' | 'tag refuses incidents' };

export interface Chain {
  vehicleId: number | null;
  licensePlate: string | null;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

/**
 * The vehicle the device was bound to when the incident happened: its binding in force if it began before then, else
 * the device's bind log at that time (an incident reported late, after a rebinding, stays with the vehicle that had it).
 */
export async function vehicleAt(tx: Tx, row: { id: number; vehicleId: number | null; boundAt: Date | null }, at: Date) {
  if (row.vehicleId !== null && (row.boundAt === null || row.boundAt <= at)) return row.vehicleId;
  const [last] = await tx
    .select({ action: deviceBindLog.action, vehicleId: deviceBindLog.vehicleId })
    .from(deviceBindLog)
    .where(and(eq(deviceBindLog.deviceId, row.id), lte(deviceBindLog.at, at)))
    .orderBy(desc(deviceBindLog.at), desc(deviceBindLog.id))
    .limit(1);
  return last?.action === 'bind' ? last.vehicleId : null;
}

/**
 * A device with its binding and owner chain, under a shared lock: a binding changing meanwhile waits, so the chain
 * read is the one in force at the write.
 */
export const lockedDevice = (tx: Tx, uuid: string) =>
  lockDeviceByUuid(tx, uuid, { vehicleId: device.vehicleId, boundAt: device.boundAt }, 'share');

/** The vehicle's chain and plate (a snapshot: a later rename of the plate does not change the incident), else the device's. */
export async function chainOf(tx: Tx, owner: Chain, vehicleId: number | null): Promise<Chain> {
  if (vehicleId === null) return owner;
  const [row] = await tx
    .select({
      licensePlate: vehicle.licensePlate,
      ...chainColumns(vehicle),
    })
    .from(vehicle)
    .where(eq(vehicle.id, vehicleId));
  return row ? { vehicleId, ...row } : owner;
}

/**
 * Files one incident in one transaction: the incident (keyed by device and message id, so a resend is stored once)
 * with the driver whose card was in then, its resources (state 0: not uploaded yet) and its `arrived` history. The tag
 * is the company's default one for the type; a tag that does not receive incidents drops it. Videos are recorded
 * whatever the tag says: one that does not receive videos leaves them on the device (the portal holds back their
 * upload) until someone asks for them.
 */
export async function fileIncident(
  db: Db,
  uuid: string,
  messageId: string,
  deviceAt: number,
  report: IncidentReport,
): Promise<IncidentOutcome> {
  return db.transaction(async (tx): Promise<IncidentOutcome> => {
    const row = await lockedDevice(tx, uuid);
    if (!row) return { stored: false, reason: 'unknown device' };
    const triggerAt = new Date(report.triggerAt);
    const owner: Chain = { vehicleId: null, licensePlate: null, agentId: row.agentId, companyId: row.companyId, fleetId: row.fleetId };
    const chain = await chainOf(tx, owner, await vehicleAt(tx, row, triggerAt));
    const tag = chain.companyId === null ? undefined : await defaultTag(tx, chain.companyId, defaultTagOfType[report.type]);
    if (tag && !tag.receiveIncident) return { stored: false, reason: 'tag refuses incidents' };
    const driver = await driverAt(tx, row.id, triggerAt);

    const [inserted] = await tx
      .insert(incident)
      .values({
        deviceId: row.id,
        messageId,
        deviceUuid: uuid,
        vehicleId: chain.vehicleId,
        licensePlate: chain.licensePlate,
        type: report.type,
        description: report.description,
        tagId: tag?.id ?? null,
        speed: report.speed,
        triggerAt,
        deviceAt: new Date(deviceAt),
        localTime: report.localTime,
        lat: report.lat,
        lng: report.lng,
        channel: report.channel,
        driverName: driver.name,
        driverLicence: driver.licence,
        ...belongingTo(chain),
      })
      .onConflictDoNothing({ target: [incident.deviceId, incident.messageId] })
      .returning({ id: incident.id });
    if (!inserted) return { stored: false, reason: 'resent' };

    if (report.resources.length > 0) {
      await tx.insert(incidentResource).values(resourceRows(inserted.id, report.resources));
    }
    await tx.insert(incidentHistory).values({
      incidentId: inserted.id,
      action: 'arrived',
      username: null,
      detail: { type: report.type, speed: report.speed },
    });
    return {
      stored: true,
      update: {
        incidentId: inserted.id,
        agentId: chain.agentId,
        companyId: chain.companyId,
        fleetId: chain.fleetId,
        vehicleId: chain.vehicleId,
        type: report.type,
        triggerAt: report.triggerAt,
      },
    };
  });
}
