import { fileConfigStore, fileCredentialStore, startFleet } from '@safety-shield/device-sim';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_GPS, demoConfigFile, demoCredentialsFile, FLEET_SEED, underWay } from './live-start.js';
import { DEMO_PLATES, type DemoState } from './seed.js';

/**
 * Runs the demo's simulated DVRs against the portal's own broker. Their secrets are kept next to the data, so after
 * a restart they reconnect as the same devices.
 */
export function runDemoFleet(state: DemoState, brokerUrl: string, dataDir: string, log: FastifyBaseLogger) {
  const fleet = startFleet({
    brokerUrl,
    devices: state.devices,
    uuidPrefix: state.uuidPrefix,
    seed: FLEET_SEED,
    provisioningKey: state.provisioningKey,
    // The cameras burn each vehicle's plate into its pictures and videos.
    plates: DEMO_PLATES,
    credentials: fileCredentialStore(demoCredentialsFile(dataDir)),
    // The configuration each device applied (the demo's past ends with version 2), kept across restarts.
    configStore: fileConfigStore(demoConfigFile(dataDir)),
    ...DEMO_GPS,
    // Random disconnects every half hour or so, as real vehicles in tunnels do.
    disconnectEveryMs: 30 * 60_000,
    // About one incident every two minutes across the ten vehicles, by the simulator's realistic mix: enough to watch
    // them arrive, few enough that a day's list reads like a fleet's and not like a stress test.
    incidentEveryMs: 20 * 60_000,
    // A running-status fault every twenty minutes or so across the fleet, so the maintenance badge has something to say.
    faultEveryMs: 200 * 60_000,
  });
  for (const [index, device] of fleet.devices.entries()) if (underWay(index)) device.drive.placeUnderWay();
  // One vehicle starts with a camera out, so the device menu's badge and the maintenance page show from the first minute.
  void fleet.devices[2]?.setFaults([{ code: 'cameraLost', channel: 1 }]);
  log.info({ devices: state.devices, brokerUrl }, 'demo fleet of simulated devices started (DEMO=0 turns it off)');
  return fleet;
}
