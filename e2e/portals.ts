import { test } from '@playwright/test';

/** What a browser test needs of its portal; global setup starts one per worker. */
export interface TestPortal {
  url: string;
  mqttUrl: string;
  /** Where JT/T 808 terminals connect (TCP, on 127.0.0.1). */
  jt808Port: number;
}

const VARIABLE = 'E2E_PORTALS';

/** Global setup hands the portals to the workers (other processes) through the environment. */
export function publishPortals(portals: TestPortal[]) {
  process.env[VARIABLE] = JSON.stringify(portals);
}

/**
 * The portal of the running test's worker. Each worker has its own, so tests in parallel never share the single
 * session of the admin account, the maintenance switch or the login rate of one portal.
 */
export function workerPortal(): TestPortal {
  const published = process.env[VARIABLE];
  if (!published) throw new Error(`${VARIABLE} is not set: run through playwright test`);
  const portals = JSON.parse(published) as TestPortal[];
  const portal = portals[test.info().parallelIndex % portals.length];
  if (!portal) throw new Error(`${VARIABLE} lists no portal`);
  return portal;
}
