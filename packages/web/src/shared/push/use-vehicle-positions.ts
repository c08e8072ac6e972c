import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { applyPush, type VehicleLive } from './live-state.js';
import type { PushStatus } from './push-client.js';
import { pushClient } from './push-singleton.js';

export interface VehiclePositions {
  /** Per watched vehicle id, what has been pushed so far (absent until the first push). */
  vehicles: ReadonlyMap<number, VehicleLive>;
  status: PushStatus;
}

/**
 * Live positions and presence of some vehicles over the console's WebSocket (no polling). Several hooks share the
 * one socket; each vehicle is watched while any mounted hook wants it.
 */
export function useVehiclePositions(vehicleIds: readonly number[]): VehiclePositions {
  // The ids as a stable key: a new array with the same ids does not re-subscribe.
  const key = useMemo(() => [...new Set(vehicleIds)].sort((a, b) => a - b).join(','), [vehicleIds]);
  const [vehicles, setVehicles] = useState<ReadonlyMap<number, VehicleLive>>(() => new Map());

  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    // Forget vehicles no longer watched.
    setVehicles((current) => new Map([...current].filter(([id]) => ids.includes(id))));
    const client = pushClient();
    const stops = ids.map((id) =>
      client.watch(id, (push) =>
        setVehicles((current) => {
          const next = new Map(current);
          next.set(id, applyPush(current.get(id), push));
          return next;
        }),
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);

  const status = useSyncExternalStore(
    (onChange) => pushClient().onStatus(onChange),
    () => pushClient().status,
  );
  return { vehicles, status };
}
