import { parseArgs } from 'node:util';
import { configPathNextTo } from './config-store.js';
import type { FleetOptions } from './fleet.js';

export const USAGE = `Usage: safety-sim [options]

Runs simulated DVRs that drive between Scandinavian cities and report over MQTT (docs/device-protocol.md).

Options:
  --devices N            how many devices (default 10)
  --broker URL           MQTT broker (default mqtt://localhost:1883)
  --key pk_…             the company's provisioning key, for devices that hold no secret yet
  --prefix TEXT          device uuid prefix (default SIM-): SIM-0001, SIM-0002, …
  --interval MS          GPS sampling interval until the portal configures one (default 1000)
  --batch N              GPS points per message until the portal configures it (default 5)
  --state FILE           keep the devices' secrets in this JSON file, and the configurations the portal sent them
                         next to it (FILE.json → FILE.config.json) (default: memory only, lost at exit)
  --seed N               seed of vehicles and drives (default 1)
  --speed-factor X       drive X times faster than real time (default 1)
  --disconnect-every MS  mean time between random connection losses per device (default: none)
  --incident-every MS    mean time between incidents per device (default: none)
  --fault-every MS       mean time between running-status faults per device, each lasting 2–20 min (default: none)
  --concurrency N        connection attempts at once (default 50)
  --refuse-config TEXT   every device refuses each configuration the portal sends (ack ok: false with TEXT)
  --offline N,N…         these devices (by number: 3 is SIM-0003) stay offline until selected and started with o
  -h, --help             this text

A line of stats is printed every 10 s; Ctrl-C stops gracefully (status offline, then disconnect).`;

export interface CliOptions {
  help: boolean;
  fleet: FleetOptions;
  /** The credential file (--state). */
  statePath?: string;
  /** The configuration file, next to the credential file. */
  configPath?: string;
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
  };
  const statePath = values.state;
  return { help: values.help === true, fleet, statePath, configPath: statePath ? configPathNextTo(statePath) : undefined };
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
