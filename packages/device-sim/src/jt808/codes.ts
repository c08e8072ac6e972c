import { type DeviceValueStore, fileStore, memoryStore } from '../state-stores.js';

/**
 * Where JT/T 808 terminals keep the authentication code the platform gave at registration, by terminal number, so a
 * restarted terminal authenticates with it instead of registering again. An empty code: none (it registers).
 */
export type Jt808CodeStore = DeviceValueStore<string>;

export const memoryCodeStore = (initial: Record<string, string> = {}): Jt808CodeStore => memoryStore(initial);

const isCode = (value: unknown): value is string => typeof value === 'string';

/** Codes in a JSON file `{ "13900000009": "…" }` (fileStore: read once, written atomically, writes coalesced). */
export const fileCodeStore = (path: string): Jt808CodeStore => fileStore(path, isCode);
