import type { Bus } from '../bus/bus.js';
import type { GatewayEvents } from './events.js';

/** The gateway's events as the console's bus carries them: how main.ts (and tests standing in for it) wire the two. */
export function gatewayOnBus(bus: Bus): Required<Pick<GatewayEvents, 'positions' | 'presence' | 'incident' | 'sos' | 'deviceAlert'>> {
  return {
    positions(updates) {
      for (const { vehicleId, deviceId, at, lat, lng, speed, heading, dbm } of updates) {
        if (vehicleId !== null) bus.publish('position', { vehicleId, deviceId, position: { lat, lng, speed, heading, dbm, time: at } });
      }
    },
    presence: ({ vehicleId, deviceId, online, at }) => bus.publish('presence', { vehicleId, deviceId, online, time: at }),
    incident: ({ incidentId, type, triggerAt, ...chain }) =>
      bus.publish('incident', { eventId: incidentId, type, triggerTime: triggerAt, ...chain }),
    sos: (update) => bus.publish('sos', update),
    deviceAlert: ({ deviceId, raised, chain }) =>
      bus.publish('deviceAlert', { change: raised > 0 ? 'raised' : 'cleared', deviceId, ...chain }),
  };
}
