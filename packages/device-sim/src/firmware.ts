import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_ACK_ERROR, type UpgradeDown, type UpgradePhase, type UpgradeProgressUp } from '@safety-shield/contract/device';
import type { CommandHandler } from './commands.js';
import { type DownloadOutcome, downloadPackage, sizeOf } from './firmware-download.js';
import type { FirmwareStore } from './state-stores.js';
import { withTimeout } from './wait.js';

/**
 * How an upgrade of the simulator goes wrong, when asked to: `checksum` corrupts the package as it is written (failed
 * `checksum mismatch`); `powerLoss` cuts the power halfway through the first download (no clean goodbye, the partial
 * file kept) and comes back after the reboot time with the old version, resuming when the order comes again;
 * `install` fails the install (`install failed`, the old version kept); `noReturn` goes offline to reboot and never
 * comes back.
 */
export const UPGRADE_FAILURES = ['checksum', 'powerLoss', 'install', 'noReturn'] as const;
export type UpgradeFailure = (typeof UPGRADE_FAILURES)[number];

/** Where an upgrade the device works on stands (`failed` ends it). */
export interface UpgradeStatus {
  upgradeId: number;
  version: string;
  phase: Exclude<UpgradePhase, 'failed'>;
  /** The share of the package it holds. */
  percent: number;
}

/** Tries of a download that breaks (a lost network, a 5xx), each resuming where the last stopped, and the waits between. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];
/** Progress while downloading: at most once a second, and at least every 10 percent. */
const PROGRESS_EVERY_MS = 1_000;
const PROGRESS_STEP = 10;
/** How long installing takes, at most (less when the reboot is quicker). */
const INSTALL_MS = 1_000;
/** How long the device waits for `rebooting` to be acknowledged before it goes. */
const REBOOTING_ACK_MS = 5_000;

export interface FirmwareHooks {
  /** Publishes an `upgradeProgress`; resolves true once acknowledged. */
  progress(report: UpgradeProgressUp): Promise<boolean>;
  /** A line of the runtime log. */
  note(text: string): void;
  /** Goes offline cleanly to restart (`status` offline, then DISCONNECT). */
  shutDown(): Promise<void>;
  /** Restarted: connects again (and says hello with the version it runs now). */
  bootUp(): void;
  /** The power is cut: the connection ends abruptly (the broker publishes the will); back after `offMs`. */
  powerCut(offMs: number): void;
}

export interface FirmwareOptions {
  uuid: string;
  /** Where the version it runs is kept across restarts. */
  store: FirmwareStore;
  /** The version it runs when the store holds none. */
  factory: string;
  /** The folder its downloads are kept in (a partial one resumes, also after a restart of the simulator). */
  dir: string;
  /** How long a restart keeps it offline. */
  rebootMs: number;
  failure?: UpgradeFailure;
  hooks: FirmwareHooks;
}

interface Job {
  order: UpgradeDown;
  /** The newest link to the package: a resend's replaces the old one for the next try. */
  url: string;
  phase: UpgradeStatus['phase'];
  percent: number;
  /** The percent last reported, and when. */
  reported: number;
  reportedAt: number;
  /** Aborts its download and waits: cancelled, replaced by a power cut, or stopped. */
  controller: AbortController;
  /** Between two tries of a broken download: ends the wait at once (a resend resumes now). */
  wake?: () => void;
  tries: number;
  /** The job's work, settled when it ends whichever way. */
  done: Promise<void>;
}

const trimmed = (reason: string) => (reason.length > MAX_ACK_ERROR ? `${reason.slice(0, MAX_ACK_ERROR - 1)}…` : reason);

/** Waits `ms`, or less when `signal` aborts or `wake` is called. */
function pause(ms: number, signal: AbortSignal, job?: Job): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      if (job) job.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    if (job) job.wake = done;
  });
}

/**
 * The device's firmware (docs/device-protocol.md, `upgrade`): the version it runs, kept in a store across restarts,
 * and the upgrade the portal orders. An order is acked at once; the package is downloaded as a stream to a file
 * (resumed with `Range` when the file holds part of it), checked (size and SHA-256), installed, and the device
 * restarts with the new version, each step reported as `upgradeProgress` and noted in the runtime log.
 */
export class Firmware {
  private running: string;
  private job: Job | undefined;
  private readonly rangesSent: string[] = [];
  /** The `powerLoss` failure happens once per device. */
  private powerLost = false;
  private stopped = false;
  /** Ends a restart's wait when the device stops. */
  private readonly life = new AbortController();

  constructor(private readonly options: FirmwareOptions) {
    this.running = options.store.get(options.uuid) ?? options.factory;
  }

  /** The version it runs. */
  get version(): string {
    return this.running;
  }

  /** The upgrade it works on, if any. */
  get status(): UpgradeStatus | undefined {
    const job = this.job;
    return job && { upgradeId: job.order.upgradeId, version: job.order.version, phase: job.phase, percent: job.percent };
  }

  /** Every `Range` header it sent with a package GET, in order (a GET from the first byte sends none). */
  get ranges(): readonly string[] {
    return [...this.rangesSent];
  }

  /** `down/upgrade`: acked at once; the work starts once the ack is out. */
  command(): CommandHandler<'upgrade'> {
    return ({ upgradeId, version, url, size, sha256, expiresAt }) => {
      const current = this.job;
      if (current?.order.upgradeId === upgradeId) {
        // A resend (after a reconnect): nothing changes, but the newer link serves the next try, now if it broke.
        current.url = url;
        const wake = current.wake;
        if (wake) {
          current.tries = 0;
          this.note(current, 'ordered again: resuming the download now');
        }
        return { ok: true, afterAck: wake };
      }
      if (version === this.running) return { ok: true, result: { version } };
      if (current) return { ok: false, error: `busy: upgrading ${current.order.upgradeId}` };
      if (expiresAt < Date.now()) return { ok: false, error: 'expired' };
      const job: Job = {
        order: { upgradeId, version, url, size, sha256, expiresAt },
        url,
        phase: 'downloading',
        percent: 0,
        reported: -1,
        reportedAt: 0,
        controller: new AbortController(),
        tries: 0,
        done: Promise.resolve(),
      };
      this.job = job;
      this.note(job, `accepted: version ${version}, ${size} bytes`);
      return {
        ok: true,
        afterAck: () => {
          job.done = this.run(job);
        },
      };
    };
  }

  /** `down/upgradeCancel`: an upgrade not yet installing stops and its file is thrown away; acked ok for any other. */
  cancelCommand(): CommandHandler<'upgradeCancel'> {
    return async ({ upgradeId }) => {
      const job = this.job;
      if (job?.order.upgradeId === upgradeId) {
        if (job.phase === 'installing' || job.phase === 'rebooting') return { ok: false, error: 'installing' };
        this.job = undefined;
        job.controller.abort();
        await job.done;
      }
      // Also the part a power loss left behind.
      await this.removeDownloads((name) => name.startsWith(`upgrade-${upgradeId}-`));
      this.options.hooks.note(`upgrade ${upgradeId}: cancelled`);
      return { ok: true };
    };
  }

  /** The device stops: its download ends (what it holds stays) and it restarts no more. */
  stop(): void {
    this.stopped = true;
    this.life.abort();
    this.job?.controller.abort();
  }

  private pathOf(order: UpgradeDown): string {
    return join(this.options.dir, `upgrade-${order.upgradeId}-${order.sha256}.part`);
  }

  private async run(job: Job): Promise<void> {
    try {
      if (this.job !== job) return;
      const path = this.pathOf(job.order);
      // Another upgrade's leftovers go: only a download of this package resumes.
      await this.removeDownloads((name) => join(this.options.dir, name) !== path);
      const held = await sizeOf(path);
      job.percent = this.percentOf(job, held);
      this.note(job, held > 0 ? `downloading from byte ${held} of ${job.order.size}` : `downloading ${job.order.size} bytes`);
      this.report(job, job.percent);
      const outcome = await this.download(job, path);
      if (this.job !== job || !outcome) return;
      if (outcome.kind === 'stopped') return this.losePower(job, outcome.have);
      if (outcome.kind === 'broken') return this.fail(job, trimmed(`download failed: ${outcome.reason}`));
      await this.verifyAndInstall(job, path, outcome);
    } catch (error) {
      // Aborted (cancelled, stopped) or a file it cannot write: the latter ends the upgrade.
      if (this.job === job && !this.stopped)
        this.fail(job, trimmed(`download failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** Tries until the package is whole, a try is refused for good, or the tries are used up; undefined when aborted. */
  private async download(job: Job, path: string): Promise<DownloadOutcome | undefined> {
    const { signal } = job.controller;
    for (;;) {
      job.tries++;
      const loses = this.options.failure === 'powerLoss' && !this.powerLost;
      const outcome = await downloadPackage({
        url: job.url,
        path,
        size: job.order.size,
        signal,
        corrupt: this.options.failure === 'checksum',
        stopAt: loses ? Math.floor(job.order.size / 2) : undefined,
        requested: (range) => {
          if (range) this.rangesSent.push(range);
          if (range) this.note(job, `GET with Range: ${range}`);
        },
        progress: (have) => this.downloaded(job, have),
      });
      if (signal.aborted) return undefined;
      if (outcome.kind !== 'broken') return outcome;
      const delay = RETRY_DELAYS_MS[job.tries - 1];
      if (!outcome.retry || delay === undefined) return outcome;
      this.note(job, `download broke (${outcome.reason}): trying again in ${delay / 1000} s`);
      await pause(delay, signal, job);
      if (signal.aborted) return undefined;
    }
  }

  private async verifyAndInstall(job: Job, path: string, got: { size: number; sha256: string }): Promise<void> {
    const { order } = job;
    job.phase = 'verifying';
    job.percent = 100;
    this.note(job, 'verifying');
    this.report(job);
    if (got.size !== order.size || got.sha256 !== order.sha256) {
      this.note(job, `${got.size} bytes with SHA-256 ${got.sha256}, not ${order.size} with ${order.sha256}`);
      await rm(path, { force: true });
      return this.fail(job, 'checksum mismatch');
    }
    job.phase = 'installing';
    this.note(job, 'installing');
    this.report(job);
    await pause(Math.min(INSTALL_MS, this.options.rebootMs), this.life.signal);
    await rm(path, { force: true });
    if (this.job !== job || this.stopped) return;
    if (this.options.failure === 'install') return this.fail(job, 'install failed');
    const noReturn = this.options.failure === 'noReturn';
    // Durably before the restart: a device restarted from now on runs the new version (unless it never boots).
    if (!noReturn) {
      try {
        await this.options.store.set(this.options.uuid, order.version);
      } catch (error) {
        return this.fail(job, trimmed(`install failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    }
    job.phase = 'rebooting';
    this.note(job, `rebooting into ${order.version}`);
    await withTimeout(this.report(job), REBOOTING_ACK_MS);
    await this.options.hooks.shutDown();
    if (noReturn) {
      this.note(job, 'the new firmware does not boot: the device stays offline');
      return;
    }
    this.running = order.version;
    await pause(this.options.rebootMs, this.life.signal);
    if (this.stopped) return;
    this.job = undefined;
    this.options.hooks.note(`restarted with firmware ${order.version}`);
    this.options.hooks.bootUp();
  }

  /** The `powerLoss` failure: the device forgets the order, keeps the part it wrote, and is off for the reboot time. */
  private losePower(job: Job, have: number): void {
    this.powerLost = true;
    this.job = undefined;
    job.controller.abort();
    this.note(job, `power lost at byte ${have} of ${job.order.size}: the partial download stays`);
    this.options.hooks.powerCut(this.options.rebootMs);
  }

  private fail(job: Job, reason: string): void {
    if (this.job === job) this.job = undefined;
    job.controller.abort();
    this.note(job, `failed: ${reason}`);
    void this.options.hooks.progress({ upgradeId: job.order.upgradeId, phase: 'failed', reason });
  }

  /**
   * Downloading: reports the percent once a second, and in each step of 10 percent it reaches (so a quick download
   * still reports 10, 20, … 90, and a slow one no more than once a second).
   */
  private downloaded(job: Job, have: number): void {
    job.percent = this.percentOf(job, have);
    if (job.percent === job.reported) return;
    const step = (percent: number) => Math.floor(percent / PROGRESS_STEP);
    if (Date.now() - job.reportedAt >= PROGRESS_EVERY_MS || step(job.percent) > step(job.reported)) this.report(job, job.percent);
  }

  private percentOf(job: Job, have: number): number {
    return Math.min(100, Math.floor((have * 100) / job.order.size));
  }

  /** Reports the job's phase (downloading with its percent); resolves true once acknowledged. */
  private report(job: Job, percent?: number): Promise<boolean> {
    if (percent !== undefined) {
      job.reported = percent;
      job.reportedAt = Date.now();
    }
    return this.options.hooks.progress({ upgradeId: job.order.upgradeId, phase: job.phase, ...(percent === undefined ? {} : { percent }) });
  }

  private note(job: Job, text: string): void {
    this.options.hooks.note(`upgrade ${job.order.upgradeId}: ${text}`);
  }

  /** Removes the downloads whose file name `which` picks. */
  private async removeDownloads(which: (name: string) => boolean): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch {
      return;
    }
    await Promise.all(
      names.filter((name) => name.endsWith('.part') && which(name)).map((name) => rm(join(this.options.dir, name), { force: true })),
    );
  }
}
