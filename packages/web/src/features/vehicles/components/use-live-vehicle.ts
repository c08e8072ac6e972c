import type { Position, VehicleDetail } from '@safety-shield/contract';
import { liveOnline, type PushStatus, useVehiclePositions } from '../../../shared/push/index.js';

export interface LiveVehicle {
  /** The pushed position, else the one the record was loaded with. */
  position: Position | null;
  online: boolean;
  /** The newest time known: pushed, else the loaded position's, else the last online time. */
  updatedAt: number | null;
  status: PushStatus;
}

/** A loaded vehicle kept current by the console's WebSocket (positions and device presence). */
export function useLiveVehicle(vehicle: VehicleDetail | undefined): LiveVehicle {
  const { vehicles, status } = useVehiclePositions(vehicle ? [vehicle.id] : []);
  const live = vehicle ? vehicles.get(vehicle.id) : undefined;
  if (!vehicle) return { position: null, online: false, updatedAt: null, status };
  const position = live?.position ?? vehicle.position;
  const online = live ? liveOnline(vehicle.devices, live) : vehicle.online;
  const updatedAt = Math.max(live?.updatedAt ?? 0, position?.time ?? 0, vehicle.lastOnlineTime ?? 0) || null;
  return { position, online, updatedAt, status };
}
