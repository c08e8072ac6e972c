import type { SosEntry } from '@safety-shield/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, incident, sos } from '../../db/schema.js';
import { belongingTo } from '../../db/subqueries.js';
import type { SosReport } from '../../device-port/index.js';
import { type Chain, chainOf, fileIncident, type IncidentUpdate, lockedDevice, vehicleAt } from '../incidents/index.js';
import { sosColumns, sosEvent } from './repo.js';

/** An S.O.S a device started or stopped, or an operator closed, with the chain it belongs to. */
export interface SosUpdate {
  state: 'started' | 'stopped' | 'closed';
  sos: SosEntry;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

/**
 * What became of an `sos` message; every outcome is acknowledged. With an external broker every portal node files each
 * S.O.S at once: `incident` is the panicButton incident this call stored, also when another node stored the S.O.S row.
 */
export type SosOutcome =
  | { stored: true; update: SosUpdate; incident: IncidentUpdate | null }
  | { stored: false; reason: 'unknown device' | 'resent' | 'not open'; incident?: IncidentUpdate };

/** The incident of an S.O.S is keyed by this message id, apart from the device's own incident message ids. */
export const sosIncidentMessageId = (startMessageId: string) => `sos:${startMessageId}`;

/**
 * A press files a panicButton incident through the incidents' own path (so it is listed, tagged and notified like
 * any other), then the S.O.S itself under the vehicle bound at the press. Both are keyed by the message id: a resend,
 * or the same press filed by two portal nodes at once, stores nothing twice (the second insert waits for the first
 * to commit, then does nothing).
 */
async function start(db: Db, uuid: string, messageId: string, report: SosReport): Promise<SosOutcome> {
  const incidentMessageId = sosIncidentMessageId(messageId);
  const filed = await fileIncident(db, uuid, incidentMessageId, report.time, {
    type: 'panicButton',
    triggerAt: report.time,
    localTime: report.localTime,
    speed: report.speed ?? 0,
    lat: report.lat,
    lng: report.lng,
    channel: 1,
    description: 'S.O.S',
    resources: [],
  });
  if (!filed.stored && filed.reason === 'unknown device') return { stored: false, reason: 'unknown device' };
  return db.transaction(async (tx): Promise<SosOutcome> => {
    const row = await lockedDevice(tx, uuid);
    if (!row) return { stored: false, reason: 'unknown device' };
    let incidentId = filed.stored ? filed.update.incidentId : null;
    if (!filed.stored && filed.reason === 'resent') {
      const [earlier] = await tx
        .select({ id: incident.id })
        .from(incident)
        .where(and(eq(incident.deviceId, row.id), eq(incident.messageId, incidentMessageId)));
      incidentId = earlier?.id ?? null;
    }
    const owner: Chain = { vehicleId: null, licensePlate: null, agentId: row.agentId, companyId: row.companyId, fleetId: row.fleetId };
    const chain = await chainOf(tx, owner, await vehicleAt(tx, row, new Date(report.time)));
    const [inserted] = await tx
      .insert(sos)
      .values({
        deviceId: row.id,
        deviceUuid: uuid,
        startMessageId: messageId,
        vehicleId: chain.vehicleId,
        licensePlate: chain.licensePlate,
        incidentId,
        startLocalTime: report.localTime,
        startAt: new Date(report.time),
        lat: report.lat,
        lng: report.lng,
        ...belongingTo(chain),
      })
      .onConflictDoNothing({ target: [sos.deviceId, sos.startMessageId] })
      .returning(sosColumns);
    if (!inserted) return { stored: false, reason: 'resent', ...(filed.stored ? { incident: filed.update } : {}) };
    return { stored: true, update: sosEvent('started', inserted), incident: filed.stored ? filed.update : null };
  });
}

/** A release ends the S.O.S its start id names, else the device's latest active one; one already stopped stays as it is. */
async function stop(db: Db, uuid: string, report: SosReport): Promise<SosOutcome> {
  return db.transaction(async (tx): Promise<SosOutcome> => {
    const [owner] = await tx.select({ id: device.id }).from(device).where(eq(device.deviceUuid, uuid));
    if (!owner) return { stored: false, reason: 'unknown device' };
    const [open] = await tx
      .select({ id: sos.id, state: sos.state, stopAt: sos.stopAt })
      .from(sos)
      .where(and(eq(sos.deviceId, owner.id), report.startId === null ? eq(sos.state, 'active') : eq(sos.startMessageId, report.startId)))
      .orderBy(desc(sos.startAt), desc(sos.id))
      .limit(1)
      .for('update');
    if (!open || open.stopAt !== null) {
      // The same release filed already (by another portal node, or before a resend) is no news.
      return { stored: false, reason: open?.stopAt?.getTime() === report.time ? 'resent' : 'not open' };
    }
    const [updated] = await tx
      .update(sos)
      .set({
        stopAt: new Date(report.time),
        stopLocalTime: report.localTime,
        // Closed by an operator before the device let go: the release is recorded, the board already forgot it.
        ...(open.state === 'active' ? { state: 'stopped' as const } : {}),
      })
      .where(eq(sos.id, open.id))
      .returning(sosColumns);
    if (!updated || open.state !== 'active') return { stored: false, reason: 'not open' };
    return { stored: true, update: sosEvent('stopped', updated), incident: null };
  });
}

/** Files one `sos` message of a device (docs/device-protocol.md, `sos`). */
export function fileSos(db: Db, uuid: string, messageId: string, report: SosReport): Promise<SosOutcome> {
  return report.state === 'start' ? start(db, uuid, messageId, report) : stop(db, uuid, report);
}
