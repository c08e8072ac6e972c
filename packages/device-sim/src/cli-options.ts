import { parseArgs } from 'node:util';
import { configPathNextTo } from './config-store.js';
import { UPGRADE_FAILURES, type UpgradeFailure } from './firmware.js';
import type { FleetOptions } from './fleet.js';
import { statePathNextTo } from './state-stores.js';

export const USAGE = `Usage: safety-sim [options]

Runs simulated DVRs that drive between Scandinavian cities and report over MQTT (docs/device-protocol.md).

Options:
  --devices N            how many devices (default 10)
  --broker URL           MQTT broker (default mqtt://localhost:1883)
  --key pk_…             the company's provisioning key, for devices that hold no secret yet
  --prefix TEXT          device uuid prefix (default SIM-): SIM-0001, SIM-0002, …
  --interval MS          GPS sampling interval until the portal configures one (default 1000)
  --batch N              GPS points per message until the portal configures it (default 5)
  --state FILE           keep the devices' secrets in this JSON file, and next to it the configurations the portal
                         sent them, the firmware they run and their locks (FILE.json → FILE.config.json,
                         FILE.firmware.json, FILE.lock.json) (default: memory only, lost at exit)
  --seed N               seed of vehicles and drives (default 1)
  --speed-factor X       drive X times faster than real time (default 1)
  --disconnect-every MS  mean time between random connection losses per device (default: none)
  --incident-every MS    mean time between incidents per device (default: none)
  --fault-every MS       mean time between running-status faults per device, each lasting 2–20 min (default: none)
  --concurrency N        connection attempts at once (default 50)
  --refuse-config TEXT   every device refuses each configuration the portal sends (ack ok: false with TEXT)
  --offline N,N…         these devices (by number: 3 is SIM-0003) stay offline until selected and started with o
  --firmware VERSION     the firmware version the devices run until an upgrade installs another (default sim-1.0.0)
  --model MODEL          the hardware model they say in hello (default SS-DVR-4)
  --reboot MS            how long a restart (an upgrade's reboot, a power loss) keeps a device offline (default 3000)
  --download-dir DIR     where firmware downloads are kept while under way, a folder per device
                         (default: the system's temporary folder, safety-shield-sim)
  --upgrade-failure MODE[:N,N…]
                         firmware upgrades go wrong, on every device or on those numbered: checksum (the package
                         fails its check), powerLoss (power cut halfway through the first download; it resumes when
                         ordered again), install (the install fails), noReturn (it never comes back from the reboot);
                         may be given once per mode
  -h, --help             this text

A line of stats is printed every 10 s; Ctrl-C stops gracefully (status offline, then disconnect).`;

export interface CliOptions {
  help: boolean;
  fleet: FleetOptions;
  /** The credential file (--state). */
  statePath?: string;
  /** The state files next to the credential file: configurations, firmware versions, locks. */
  configPath?: string;
  firmwarePath?: string;
  lockPath?: string;
}

/** The command line as fleet options; throws with a message fit for the user on a bad value. */
export function parseCliOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      devices: { type: 'string' },
      broker: { type: 'string' },
      key: { type: 'string' },
      prefix: { type: 'string' },
      interval: { type: 'string' },
      batch: { type: 'string' },
      state: { type: 'string' },
      seed: { type: 'string' },
      'speed-factor': { type: 'string' },
      'disconnect-every': { type: 'string' },
      'incident-every': { type: 'string' },
      'fault-every': { type: 'string' },
      concurrency: { type: 'string' },
      'refuse-config': { type: 'string' },
      offline: { type: 'string' },
      firmware: { type: 'string' },
      model: { type: 'string' },
      reboot: { type: 'string' },
      'download-dir': { type: 'string' },
      'upgrade-failure': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const devices = integer('--devices', values.devices, 1) ?? 10;
  const fleet: FleetOptions = {
    brokerUrl: values.broker ?? 'mqtt://localhost:1883',
    devices,
    uuidPrefix: values.prefix ?? 'SIM-',
    provisioningKey: values.key,
    gpsIntervalMs: integer('--interval', values.interval, 10),
    gpsBatch: integer('--batch', values.batch, 1, 500),
    seed: integer('--seed', values.seed, 0),
    speedFactor: positive('--speed-factor', values['speed-factor']),
    disconnectEveryMs: integer('--disconnect-every', values['disconnect-every'], 1),
    incidentEveryMs: integer('--incident-every', values['incident-every'], 1),
    faultEveryMs: integer('--fault-every', values['fault-every'], 1),
    connectConcurrency: integer('--concurrency', values.concurrency, 1),
    refuseConfig: text('--refuse-config', values['refuse-config']),
    offline: deviceNumbers('--offline', values.offline, devices)?.map((number) => number - 1),
    firmware: text('--firmware', values.firmware),
    model: text('--model', values.model),
    rebootMs: integer('--reboot', values.reboot, 0),
    downloadDir: text('--download-dir', values['download-dir']),
    ...upgradeFailures(values['upgrade-failure'], devices),
  };
  const statePath = values.state;
  return {
    help: values.help === true,
    fleet,
    statePath,
    configPath: statePath ? configPathNextTo(statePath) : undefined,
    firmwarePath: statePath ? statePathNextTo(statePath, 'firmware') : undefined,
    lockPath: statePath ? statePathNextTo(statePath, 'lock') : undefined,
  };
}

/** `--upgrade-failure MODE` (every device) and `--upgrade-failure MODE:N,N…` (those devices), as fleet options. */
function upgradeFailures(values: string[] | undefined, devices: number): Pick<FleetOptions, 'upgradeFailure' | 'upgradeFailures'> {
  const name = '--upgrade-failure';
  let upgradeFailure: UpgradeFailure | undefined;
  const upgradeFailures: Record<number, UpgradeFailure> = {};
  for (const value of values ?? []) {
    const [mode = '', numbers] = value.split(':', 2);
    if (!(UPGRADE_FAILURES as readonly string[]).includes(mode)) throw new Error(`${name} must be one of ${UPGRADE_FAILURES.join(', ')}`);
    const failure = mode as UpgradeFailure;
    if (numbers === undefined) upgradeFailure = failure;
    else for (const number of deviceNumbers(name, numbers, devices) ?? []) upgradeFailures[number - 1] = failure;
  }
  return { upgradeFailure, ...(Object.keys(upgradeFailures).length > 0 ? { upgradeFailures } : {}) };
}

function text(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new Error(`${name} must not be empty`);
  return value;
}

/** A comma-separated list of device numbers 1..devices. */
function deviceNumbers(name: string, value: string | undefined, devices: number): number[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((part) => {
    const number = integer(name, part.trim(), 1, devices);
    if (number === undefined) throw new Error(`${name} must list device numbers from 1 to ${devices}`);
    return number;
  });
}

function integer(name: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`);
  return value;
}

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${name} must be a positive number`);
  return value;
}
