import type { SosEntry } from '@safety-shield/contract';
import { sos } from '../../db/schema.js';

export type SosRow = typeof sos.$inferSelect;

/** The columns an S.O.S entry is read from. */
export const sosColumns = {
  id: sos.id,
  deviceId: sos.deviceId,
  deviceUuid: sos.deviceUuid,
  vehicleId: sos.vehicleId,
  licensePlate: sos.licensePlate,
  incidentId: sos.incidentId,
  startLocalTime: sos.startLocalTime,
  startAt: sos.startAt,
  stopAt: sos.stopAt,
  lat: sos.lat,
  lng: sos.lng,
  state: sos.state,
  closedByName: sos.closedByName,
  closedAt: sos.closedAt,
  belongAgentId: sos.belongAgentId,
  belongCompanyId: sos.belongCompanyId,
  belongFleetId: sos.belongFleetId,
};

export type SosRead = Pick<SosRow, keyof typeof sosColumns>;

export function toEntry(row: SosRead): SosEntry {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceUuid: row.deviceUuid,
    vehicleId: row.vehicleId,
    licensePlate: row.licensePlate,
    startLocalTime: row.startLocalTime,
    startTime: row.startAt.getTime(),
    stopTime: row.stopAt?.getTime() ?? null,
    eventId: row.incidentId,
    lat: row.lat,
    lng: row.lng,
    state: row.state,
    closedBy: row.closedByName,
    closedTime: row.closedAt?.getTime() ?? null,
  };
}

/** The bus event of a change, with the chain that decides who sees it. */
export const sosEvent = (state: 'started' | 'stopped' | 'closed', row: SosRead) => ({
  state,
  sos: toEntry(row),
  agentId: row.belongAgentId,
  companyId: row.belongCompanyId,
  fleetId: row.belongFleetId,
});
