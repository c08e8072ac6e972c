import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A download that receives nothing this long is given up (and tried again, from where it stopped). */
export const DOWNLOAD_IDLE_MS = 30_000;

export interface DownloadRequest {
  /** The package (a signed GET that takes `Range`). */
  url: string;
  /** The file the package goes to; the bytes it already holds are kept and only the rest is asked for. */
  path: string;
  /** The package's size: no more is asked for, and a file that holds it all is not fetched again. */
  size: number;
  /** Aborts the download (the promise rejects); what is written stays. */
  signal: AbortSignal;
  /** Flips a byte of what it writes, so the package fails its check (the simulator's `checksum` failure). */
  corrupt?: boolean;
  /** Stops once the file holds this many bytes (the simulator's `powerLoss` failure); ignored when it holds as many. */
  stopAt?: number;
  /** The `Range` header of the GET (undefined: from the first byte), as it is sent. */
  requested?(range: string | undefined): void;
  /** The bytes the file holds, after each chunk written. */
  progress?(have: number): void;
  idleMs?: number;
}

export type DownloadOutcome =
  /** The stream ended with the file holding `size` bytes (or more, which its check refuses): its length and SHA-256. */
  | { kind: 'done'; size: number; sha256: string }
  /** Stopped at `stopAt`: the file holds that much. */
  | { kind: 'stopped'; have: number }
  /** Broken off; `retry`: a later try (from where it stopped) may work, unlike one the store refuses. */
  | { kind: 'broken'; reason: string; retry: boolean };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The bytes a file holds, 0 when there is none. */
export async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Feeds a file's bytes to a hash, as a stream (a package may be hundreds of MB). */
async function hashFile(path: string, hash: Hash, signal: AbortSignal): Promise<void> {
  for await (const chunk of createReadStream(path, { signal, highWaterMark: 256 * 1024 })) hash.update(chunk as Buffer);
}

/**
 * Downloads a firmware package to a file as a stream, never whole in memory, hashing it as it is written. A file that
 * already holds part of it is resumed with `Range: bytes=N-` (a 206 appends, a 200 starts over), its part hashed
 * first; the SHA-256 covers the whole file. Rejects only when `signal` aborts it.
 */
export async function downloadPackage(request: DownloadRequest): Promise<DownloadOutcome> {
  const { url, path, size, signal } = request;
  await mkdir(dirname(path), { recursive: true });
  let have = await sizeOf(path);
  if (have > size) {
    await rm(path, { force: true });
    have = 0;
  }
  const hash = createHash('sha256');
  if (have === size) {
    await hashFile(path, hash, signal);
    return { kind: 'done', size, sha256: hash.digest('hex') };
  }

  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  const idleMs = request.idleMs ?? DOWNLOAD_IDLE_MS;
  const awake = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(new Error(`no data for ${Math.round(idleMs / 1000)} s`)), idleMs);
    idleTimer.unref();
  };
  const both = AbortSignal.any([signal, idle.signal]);
  const range = have > 0 ? `bytes=${have}-` : undefined;
  try {
    awake();
    request.requested?.(range);
    let response: Response;
    try {
      response = await fetch(url, { headers: range ? { range } : {}, signal: both });
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'broken', reason: idle.signal.aborted ? errorText(idle.signal.reason) : errorText(error), retry: true };
    }
    const body = response.body;
    const refuse = async (reason: string, retry: boolean): Promise<DownloadOutcome> => {
      await body?.cancel().catch(() => undefined);
      return { kind: 'broken', reason, retry };
    };
    if (range && response.status === 416) {
      // What it holds is no start of this package: thrown away, the next try starts over.
      await rm(path, { force: true });
      return refuse('HTTP 416', true);
    }
    if (response.status === 206 && range) {
      const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
      if (start !== undefined && Number(start) !== have) {
        await rm(path, { force: true });
        return refuse(`answered from byte ${start}, not ${have}`, true);
      }
      await hashFile(path, hash, signal);
    } else if (response.status === 200) {
      // The whole package (the store ignored the range, or none was asked for): from the first byte.
      have = 0;
    } else {
      return refuse(`HTTP ${response.status}`, response.status >= 500 || response.status === 408 || response.status === 429);
    }
    if (!body) return { kind: 'broken', reason: 'empty answer', retry: true };

    const stopAt = request.stopAt !== undefined && request.stopAt > have ? request.stopAt : undefined;
    let corrupt = request.corrupt === true;
    let stopped = false;
    const written = await pipeline(
      async function* () {
        for await (const chunk of body) {
          awake();
          let part: Uint8Array = chunk;
          if (stopAt !== undefined && have + part.length >= stopAt) {
            part = part.subarray(0, stopAt - have);
            stopped = true;
          }
          if (corrupt && part.length > 0) {
            part = Uint8Array.from(part);
            part[0] = (part[0] ?? 0) ^ 0xff;
            corrupt = false;
          }
          hash.update(part);
          have += part.length;
          yield part;
          request.progress?.(have);
          // Stopped, or more than the package: nothing more is read (the check refuses a longer file).
          if (stopped || have > size) return;
        }
      },
      createWriteStream(path, { flags: have > 0 ? 'a' : 'w', highWaterMark: 64 * 1024 }),
      { signal: both },
    ).then(
      () => undefined,
      (error: unknown) => {
        if (signal.aborted) throw error;
        return idle.signal.aborted ? errorText(idle.signal.reason) : errorText(error);
      },
    );
    if (written !== undefined) return { kind: 'broken', reason: written, retry: true };
    if (stopped) return { kind: 'stopped', have };
    if (have < size) return { kind: 'broken', reason: `ended at ${have} of ${size} bytes`, retry: true };
    return { kind: 'done', size: have, sha256: hash.digest('hex') };
  } finally {
    clearTimeout(idleTimer);
  }
}
