import path from 'node:path';
import { configPathNextTo, Drive, fleetUuid, hashSeed, type Route } from '@safety-shield/device-sim';

/** The seed of the simulated fleet: each device's drive is seeded by it and the device's uuid. */
export const FLEET_SEED = 1;

/** How often the demo's devices sample and send positions: their factory configuration reports it too. */
export const DEMO_GPS = { gpsIntervalMs: 1000, gpsBatch: 2 } as const;

/** Where the simulated devices keep their secrets, and next to it the configuration they run, across restarts. */
export const demoCredentialsFile = (dataDir: string) => path.join(dataDir, 'demo-devices.json');
export const demoConfigFile = (dataDir: string) => configPathNextTo(demoCredentialsFile(dataDir));

/**
 * A fleet already on the road: most vehicles start somewhere along their first trip (town, country road or motorway)
 * rather than all pulling out of a city at once; every fifth sets off from its depot.
 */
export const underWay = (index: number) => index % 5 !== 4;

/**
 * Where the n-th demo vehicle's live drive is when the fleet starts: its first route and how far along it (0: at the
 * depot). The same seeded drive the fleet builds, so the demo's past can end where the live drive goes on.
 */
export function liveStart(fleet: { uuidPrefix: string; devices: number }, index: number): { route: Route; progressM: number } {
  const drive = new Drive({ seed: hashSeed(FLEET_SEED, fleetUuid(fleet.uuidPrefix, index, fleet.devices)) });
  if (underWay(index)) drive.placeUnderWay();
  return { route: drive.route, progressM: drive.progressM };
}
