import type { Position } from '@safety-shield/contract';
import type { VehiclePush } from './push-client.js';

/** What the pushes have told about one vehicle since the page began watching it. */
export interface VehicleLive {
  /** The newest position any of its devices reported; null until one arrives. */
  position: Position | null;
  /** Presence per device id, as pushed (a position also says its device is online). */
  devices: Readonly<Record<number, boolean>>;
  /** When the last push for it arrived (the device's time for positions and presence). */
  updatedAt: number;
}

const empty: VehicleLive = { position: null, devices: {}, updatedAt: 0 };

/** The vehicle's state after one push; an older position than the one held is ignored (pushes may cross). */
export function applyPush(state: VehicleLive | undefined, push: VehiclePush): VehicleLive {
  const current = state ?? empty;
  if (push.type === 'position') {
    if (current.position && push.position.time < current.position.time) return current;
    return {
      position: push.position,
      devices: { ...current.devices, [push.deviceId]: true },
      updatedAt: Math.max(current.updatedAt, push.position.time),
    };
  }
  return { ...current, devices: { ...current.devices, [push.deviceId]: push.online }, updatedAt: Math.max(current.updatedAt, push.time) };
}

/**
 * Whether a vehicle is online: any of its devices is. A device's pushed presence overrides what the page loaded;
 * without any push the loaded state stands.
 */
export function liveOnline(loaded: readonly { deviceId: number; online: boolean }[], live: VehicleLive | undefined): boolean {
  const pushed = live?.devices ?? {};
  const ids = new Set([...loaded.map((device) => device.deviceId), ...Object.keys(pushed).map(Number)]);
  for (const id of ids) {
    const online = pushed[id] ?? loaded.find((device) => device.deviceId === id)?.online ?? false;
    if (online) return true;
  }
  return false;
}
