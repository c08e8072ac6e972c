import { readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The JSON object a state file holds, `{}` when there is no file yet; throws for anything else. */
export function readJsonObject(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path}: expected a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Writes `content()` to `path` as JSON whenever asked. Each write goes to a temporary file that is synced and renamed
 * over the old one, so a crash leaves the old or the new file, never half of one. Writes asked for while one is under
 * way are coalesced into the next, so a fleet asking at once costs a few writes, not one per device. The promise
 * resolves once a write that started after the call is on disk.
 */
export function coalescedJsonWriter(path: string, content: () => unknown): () => Promise<void> {
  let writing: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const write = async () => {
    const tmp = `${path}.${process.pid}.tmp`;
    await mkdir(dirname(path), { recursive: true });
    const file = await open(tmp, 'w', 0o600);
    try {
      await file.writeFile(`${JSON.stringify(content(), null, 2)}\n`);
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
  return schedule;
}
