import { coalescedJsonWriter, readJsonObject } from './json-file.js';

/**
 * Where devices keep the secret the portal sent them. `set` may return a promise: the device acknowledges the
 * credential only once it resolves, because after that ack the provisioning key no longer opens the device.
 */
export interface CredentialStore {
  get(uuid: string): string | undefined;
  set(uuid: string, secret: string): void | Promise<void>;
}

export function memoryCredentialStore(initial: Record<string, string> = {}): CredentialStore {
  const secrets = new Map(Object.entries(initial));
  return {
    get: (uuid) => secrets.get(uuid),
    set: (uuid, secret) => {
      secrets.set(uuid, secret);
    },
  };
}

/**
 * Secrets in a JSON file `{ "uuid": "ds_…" }`, read once at creation. Writes go to a temporary file that is synced
 * and renamed over the old one, so a crash leaves the old or the new file, never half of one. Writes asked for while
 * one is under way are coalesced into the next, so a fleet provisioned at once costs a few writes, not one per device.
 */
export function fileCredentialStore(path: string): CredentialStore {
  const secrets = new Map<string, string>(
    Object.entries(readJsonObject(path)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const save = coalescedJsonWriter(path, () => Object.fromEntries(secrets));
  return {
    get: (uuid) => secrets.get(uuid),
    set: (uuid, secret) => {
      secrets.set(uuid, secret);
      return save();
    },
  };
}
