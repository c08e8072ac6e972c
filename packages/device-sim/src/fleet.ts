import { SimDevice } from './device.js';
import type { DeviceStats, SimDeviceOptions } from './device-options.js';
import type { UpgradeFailure } from './firmware.js';
import { hashSeed } from './random.js';

/** What every device of a fleet is given as it is (shared stores: `credentials`, `configStore`, …; in memory if absent). */
type SharedDeviceOptions = Pick<
  SimDeviceOptions,
  | 'brokerUrl'
  | 'provisioningKey'
  | 'credentials'
  | 'configStore'
  | 'firmwareStore'
  | 'lockStore'
  | 'refuseConfig'
  | 'firmware'
  | 'model'
  | 'downloadDir'
  | 'rebootMs'
  | 'upgradeFailure'
  | 'gpsIntervalMs'
  | 'gpsBatch'
  | 'speedFactor'
  | 'disconnectEveryMs'
  | 'incidentEveryMs'
  | 'faultEveryMs'
  | 'incidentMix'
  | 'reconnectDelayMs'
  | 'mqtt'
>;

export interface FleetOptions extends SharedDeviceOptions {
  /** How many devices. */
  devices: number;
  /** Devices are `{prefix}0001`, `{prefix}0002`, …; default `SIM-`. */
  uuidPrefix?: string;
  /** Same seed, same vehicles and drives; default 1. Each device's seed is derived from it and its uuid. */
  seed?: number;
  /** Connection attempts under way at once, so a large fleet does not hit the broker in one burst; default 50. */
  connectConcurrency?: number;
  /** The plate each device's cameras burn into their evidence, in device order (the demo's vehicles). */
  plates?: readonly string[];
  /**
   * Devices (by index from 0: 0 is `SIM-0001`) the fleet makes but does not start: they stay offline until their
   * start() is called, e.g. to dispatch a configuration to an offline device and watch it arrive at its `hello`.
   * ready() does not wait for them while they are not started.
   */
  offline?: readonly number[];
  /** Devices (by index from 0) whose firmware upgrades go wrong this way, whatever `upgradeFailure` says for the rest. */
  upgradeFailures?: Readonly<Record<number, UpgradeFailure>>;
}

export interface FleetStats extends Omit<DeviceStats, 'connected'> {
  devices: number;
  connected: number;
}

export interface Fleet {
  readonly devices: readonly SimDevice[];
  /** Resolves when every device is connected (but those held `offline` and not started); with a timeout, rejects saying how many are. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sums over the devices. */
  stats(): FleetStats;
  /** Graceful: each device sends its last points and `status` offline, then disconnects. */
  stop(): Promise<void>;
}

const DEFAULT_CONCURRENCY = 50;

/** The uuid of the n-th device (from 0): `SIM-0001`; wider numbers for fleets of 10 000 and more. */
export function fleetUuid(prefix: string, index: number, count: number): string {
  return `${prefix}${String(index + 1).padStart(Math.max(4, String(count).length), '0')}`;
}

/** Creates the devices and connects them in the background, `connectConcurrency` at a time. */
export function startFleet(options: FleetOptions): Fleet {
  const {
    devices: count,
    uuidPrefix = 'SIM-',
    seed = 1,
    connectConcurrency = DEFAULT_CONCURRENCY,
    plates,
    offline,
    upgradeFailures,
    ...shared
  } = options;
  const devices = Array.from({ length: count }, (_, index) => {
    const uuid = fleetUuid(uuidPrefix, index, count);
    const upgradeFailure = upgradeFailures?.[index] ?? shared.upgradeFailure;
    return new SimDevice({ ...shared, uuid, seed: hashSeed(seed, uuid), plate: plates?.[index], upgradeFailure });
  });
  const held = new Set(offline);
  const toStart = devices.filter((_, index) => !held.has(index));
  /** The devices that are meant to be online: all but those held offline and not started since. */
  const online = () => devices.filter((device, index) => !held.has(index) || device.started);

  let stopping = false;
  let nextToStart = 0;
  const worker = async () => {
    while (!stopping && nextToStart < toStart.length) {
      const device = toStart[nextToStart++];
      // A device whose first attempt fails keeps retrying on its own; the worker moves on.
      if (device) await device.start();
    }
  };
  const concurrency = Math.max(1, connectConcurrency);
  const starting = Promise.all(Array.from({ length: Math.min(concurrency, toStart.length) }, worker));

  return {
    devices,
    ready: (timeoutMs) => allConnected(online(), timeoutMs),
    stats: () => sumStats(devices),
    stop: async () => {
      stopping = true;
      await starting;
      await Promise.all(devices.map((device) => device.stop()));
    },
  };
}

function allConnected(devices: readonly SimDevice[], timeoutMs?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      for (const device of devices) device.off('connect', check);
      if (error) reject(error);
      else resolve();
    };
    function check() {
      if (devices.every((device) => device.connected)) finish();
    }
    for (const device of devices) device.on('connect', check);
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const connected = devices.filter((device) => device.connected).length;
        finish(new Error(`${connected} of ${devices.length} devices connected after ${timeoutMs} ms`));
      }, timeoutMs);
    }
    check();
  });
}

function sumStats(devices: readonly SimDevice[]): FleetStats {
  const total: FleetStats = {
    devices: devices.length,
    connected: 0,
    connects: 0,
    refused: 0,
    drops: 0,
    published: 0,
    acked: 0,
    pointsSent: 0,
    pointsAcked: 0,
    inflight: 0,
    backlog: 0,
    incidents: 0,
    incidentsAcked: 0,
    evidenceUploaded: 0,
    evidenceFailedTries: 0,
    evidenceAbandoned: 0,
    evidenceHeld: 0,
  };
  for (const device of devices) {
    const { connected, ...counts } = device.stats;
    if (connected) total.connected++;
    for (const key of Object.keys(counts) as Array<keyof typeof counts>) total[key] += counts[key];
  }
  return total;
}
