import { compiled } from '@safety-shield/contract/device';
import { coalescedJsonWriter, readJsonObject } from './json-file.js';

/**
 * Where devices keep one value each across restarts (the firmware they run, whether they are locked). `set` may
 * return a promise: the device goes on (acknowledges, reboots) only once it resolves.
 */
export interface DeviceValueStore<T> {
  get(uuid: string): T | undefined;
  set(uuid: string, value: T): void | Promise<void>;
}

/** The firmware version each device runs since an upgrade (docs/device-protocol.md, `upgrade`); absent: its option. */
export type FirmwareStore = DeviceValueStore<string>;
/** Whether each device is locked (docs/device-protocol.md, `lock`); absent: unlocked. */
export type LockStore = DeviceValueStore<boolean>;

/** A store over a map of values; `save` keeps the map elsewhere too (a file), and `set` answers its promise. */
function storeOver<T>(values: Map<string, T>, save: () => void | Promise<void> = () => {}): DeviceValueStore<T> {
  return {
    get: (uuid) => values.get(uuid),
    set: (uuid, value) => {
      values.set(uuid, value);
      return save();
    },
  };
}

export function memoryStore<T>(initial: Record<string, T>): DeviceValueStore<T> {
  return storeOver(new Map(Object.entries(initial)));
}

/**
 * Values in a JSON file `{ "uuid": value }`, read once at creation. Writes go to a temporary file that is synced and
 * renamed over the old one, so a crash leaves the old or the new file, never half of one; writes asked for while one
 * is under way are coalesced into the next, so a fleet asking at once costs a few writes, not one per device. An entry
 * `accepts` refuses is ignored.
 */
export function fileStore<T>(path: string, accepts: (value: unknown) => value is T): DeviceValueStore<T> {
  const values = new Map<string, T>();
  for (const [uuid, value] of Object.entries(readJsonObject(path))) if (accepts(value)) values.set(uuid, value);
  return storeOver(
    values,
    coalescedJsonWriter(path, () => Object.fromEntries(values)),
  );
}

/** A version `hello` may carry (the contract's schema). */
const isVersion = (value: unknown): value is string => typeof value === 'string' && compiled.up.hello.Check({ version: value });
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export const memoryFirmwareStore = (initial: Record<string, string> = {}): FirmwareStore => memoryStore(initial);
/** Firmware versions in a JSON file `{ "uuid": "2.5.0" }` (`state.firmware.json` next to `state.json`). */
export const fileFirmwareStore = (path: string): FirmwareStore => fileStore(path, isVersion);

export const memoryLockStore = (initial: Record<string, boolean> = {}): LockStore => memoryStore(initial);
/** Locks in a JSON file `{ "uuid": true }` (`state.lock.json` next to `state.json`). */
export const fileLockStore = (path: string): LockStore => fileStore(path, isBoolean);

/** A state file kept next to a credential file: `state.json` → `state.{what}.json`. */
export function statePathNextTo(credentialPath: string, what: 'config' | 'firmware' | 'lock'): string {
  const base = credentialPath.endsWith('.json') ? credentialPath.slice(0, -'.json'.length) : credentialPath;
  return `${base}.${what}.json`;
}
