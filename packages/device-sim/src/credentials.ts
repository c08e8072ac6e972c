import { type DeviceValueStore, fileStore, memoryStore } from './state-stores.js';

/**
 * Where devices keep the secret the portal sent them. `set` may return a promise: the device acknowledges the
 * credential only once it resolves, because after that ack the provisioning key no longer opens the device.
 */
export type CredentialStore = DeviceValueStore<string>;

export const memoryCredentialStore = (initial: Record<string, string> = {}): CredentialStore => memoryStore(initial);

const isSecret = (value: unknown): value is string => typeof value === 'string';

/** Secrets in a JSON file `{ "uuid": "ds_…" }` (fileStore: read once, written atomically, writes coalesced). */
export const fileCredentialStore = (path: string): CredentialStore => fileStore(path, isSecret);
