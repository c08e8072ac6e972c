import path from 'node:path';
import { configPathNextTo, Drive, hashSeed, type Route } from '@safety-shield/device-sim';

/** The seed of the simulated fleet: each device's drive is seeded by it and the device's uuid. */
export const FLEET_SEED = 1;

/** How often the demo's devices sample and send positions: their factory configuration reports it too. */
export const DEMO_GPS = { gpsIntervalMs: 1000, gpsBatch: 2 } as const;

/** Where the simulated devices keep their secrets, and next to it the configuration they run, across restarts. */
export const demoCredentialsFile = (dataDir: string) => path.join(dataDir, 'demo-devices.json');
export const demoConfigFile = (dataDir: string) => configPathNextTo(demoCredentialsFile(dataDir));
/** Where the JT/T 808 dashcams keep the code of a registration they had to make again, across restarts. */
export const demoTerminalCodesFile = (dataDir: string) => path.join(dataDir, 'demo-terminals.json');

/** Each demo vehicle's drive is seeded by the fleet's seed and its device's uuid (an MQTT uuid or a terminal number). */
export const demoDriveSeed = (uuid: string) => hashSeed(FLEET_SEED, uuid);

/**
 * A fleet already on the road: most vehicles start somewhere along their first trip (town, country road or motorway)
 * rather than all pulling out of a city at once; every fifth sets off from its depot.
 */
export const underWay = (index: number) => index % 5 !== 4;

/**
 * Where the n-th demo vehicle's live drive is when the fleet starts, its device being `uuid`: its first route and how
 * far along it (0: at the depot). The same seeded drive the fleet builds, so the demo's past can end where the live
 * drive goes on.
 */
export function liveStart(uuid: string, index: number): { route: Route; progressM: number } {
  const drive = new Drive({ seed: demoDriveSeed(uuid) });
  if (underWay(index)) drive.placeUnderWay();
  return { route: drive.route, progressM: drive.progressM };
}
