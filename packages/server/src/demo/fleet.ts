import { fileCodeStore, fileConfigStore, fileCredentialStore, Jt808SimDevice, startFleet } from '@safety-shield/device-sim';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_GPS, demoConfigFile, demoCredentialsFile, demoDriveSeed, demoTerminalCodesFile, FLEET_SEED, underWay } from './live-start.js';
import { DEMO_PLATES, type DemoState } from './seed.js';

/** Where the portal's JT/T 808 gateway listens, for the demo's dashcams. */
export interface Jt808Address {
  host: string;
  port: number;
}

/**
 * Runs the demo's simulated devices against the portal's own adapters: MQTT DVRs in the first vehicles, JT/T 808
 * dashcams in the last ones (none in a demo of before them). Their secrets and codes are kept next to the data, so
 * after a restart they reconnect as the same devices.
 */
export function runDemoFleet(state: DemoState, brokerUrl: string, jt808: Jt808Address, dataDir: string, log: FastifyBaseLogger) {
  const fleet = startFleet({
    brokerUrl,
    devices: state.devices,
    uuidPrefix: state.uuidPrefix,
    seed: FLEET_SEED,
    provisioningKey: state.provisioningKey,
    // The cameras burn each vehicle's plate into its pictures and videos: device n drives the n-th vehicle.
    plates: DEMO_PLATES.slice(0, state.devices),
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

  // The seed's code, unless the dashcam had to register again since (then its own file has the newer one).
  const codes = fileCodeStore(demoTerminalCodesFile(dataDir));
  const dashcams = (state.jt808 ?? []).map((terminal, n) => {
    if (!codes.get(terminal.terminal)) void codes.set(terminal.terminal, terminal.code);
    const dashcam = new Jt808SimDevice({
      ...jt808,
      terminal: terminal.terminal,
      version: terminal.version,
      plate: terminal.plate,
      codes,
      // The same drive the demo's past ended on (liveStart), sampled as often as the DVRs'.
      seed: demoDriveSeed(terminal.terminal),
      gpsIntervalMs: DEMO_GPS.gpsIntervalMs,
      incidentEveryMs: 20 * 60_000,
    });
    if (underWay(state.devices + n)) dashcam.drive.placeUnderWay();
    dashcam.on('problem', (error) => log.debug({ device: terminal.terminal, err: error.message }, 'demo dashcam problem'));
    void dashcam.start();
    return dashcam;
  });
  log.info(
    { devices: state.devices, brokerUrl, jt808Dashcams: dashcams.length, jt808Port: jt808.port },
    'demo fleet of simulated devices started (DEMO=0 turns it off)',
  );
  return {
    devices: fleet.devices,
    dashcams,
    async stop() {
      await Promise.all([fleet.stop(), ...dashcams.map((dashcam) => dashcam.stop())]);
    },
  };
}
