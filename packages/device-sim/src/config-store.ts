import type { ConfigSettings } from '@safety-shield/contract';
import { compiled } from '@safety-shield/contract/device';
import { coalescedJsonWriter, readJsonObject } from './json-file.js';
import { statePathNextTo } from './state-stores.js';

/** The configuration a device runs: the version it applied (0: none, its factory settings) and the document. */
export interface RunningConfig {
  version: number;
  settings: ConfigSettings;
}

/**
 * Where devices keep the configuration the portal sent them. `set` may return a promise: the device acknowledges a
 * `config` only once it resolves (docs/device-protocol.md, `config`: stored first, then applied, then acknowledged).
 */
export interface ConfigStore {
  get(uuid: string): RunningConfig | undefined;
  set(uuid: string, config: RunningConfig): void | Promise<void>;
}

const copy = (config: RunningConfig): RunningConfig => structuredClone(config);

/** A store over a map of configurations, each kept and handed out as a copy; `save` keeps the map elsewhere too. */
function storeOver(configs: Map<string, RunningConfig>, save: () => void | Promise<void> = () => {}): ConfigStore {
  return {
    get: (uuid) => {
      const config = configs.get(uuid);
      return config && copy(config);
    },
    set: (uuid, config) => {
      configs.set(uuid, copy(config));
      return save();
    },
  };
}

export function memoryConfigStore(initial: Record<string, RunningConfig> = {}): ConfigStore {
  return storeOver(new Map(Object.entries(initial).map(([uuid, config]) => [uuid, copy(config)])));
}

/**
 * Configurations in a JSON file `{ "uuid": { "version": 3, "settings": {…} } }`, read once at creation, written like
 * the credential file (fileCredentialStore): atomically, writes asked for meanwhile coalesced into the next. An entry
 * that is not a well-formed configuration (the contract's `configReport`) is ignored.
 */
export function fileConfigStore(path: string): ConfigStore {
  const configs = new Map<string, RunningConfig>();
  for (const [uuid, value] of Object.entries(readJsonObject(path))) {
    if (compiled.up.configReport.Check(value)) configs.set(uuid, { version: value.version, settings: value.settings });
  }
  return storeOver(
    configs,
    coalescedJsonWriter(path, () => Object.fromEntries(configs)),
  );
}

/** The configuration file kept next to a credential file: `state.json` → `state.config.json`. */
export function configPathNextTo(credentialPath: string): string {
  return statePathNextTo(credentialPath, 'config');
}
