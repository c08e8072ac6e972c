import { readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

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
  const secrets = new Map<string, string>(Object.entries(readSecrets(path)));
  let writing: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const write = async () => {
    const tmp = `${path}.${process.pid}.tmp`;
    await mkdir(dirname(path), { recursive: true });
    const file = await open(tmp, 'w', 0o600);
    try {
      await file.writeFile(`${JSON.stringify(Object.fromEntries(secrets), null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, path);
  };

  const schedule = (): Promise<void> => {
    if (next) return next;
    if (!writing) {
      writing = write().finally(() => {
        writing = undefined;
      });
      return writing;
    }
    // A write is under way with an older content: one more after it covers everyone who asks meanwhile.
    next = writing
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return schedule();
      });
    return next;
  };

  return {
    get: (uuid) => secrets.get(uuid),
    set: (uuid, secret) => {
      secrets.set(uuid, secret);
      return schedule();
    },
  };
}

function readSecrets(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path}: expected a JSON object`);
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
