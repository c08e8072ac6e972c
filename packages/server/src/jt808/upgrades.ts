/**
 * A firmware campaign's order (`upgrade`) as JT/T 808 carries it (docs/jt808.md, "Upgrades"). A terminal cannot
 * download a URL, so the adapter downloads the package for it, as the MQTT device would, and sends it in 0x8108
 * sub-packages, a window of them at a time, each answered by the terminal's general reply. What the device would
 * report as `upgradeProgress` the transfer reports: downloading (the share the terminal answered), verifying (the
 * SHA-256 of what it was sent, checked before the last package goes), installing (the terminal holds it all). The
 * terminal then installs, restarts and comes back with its new version (2019's authentication says it) and 0x0108.
 */
import { createHash } from 'node:crypto';
import type { UpgradeProgressUp } from '@safety-shield/contract/device';
import {
  MAX_BODY,
  maxUpgradeBytes,
  type Packet,
  REPLY_RESULT,
  readGeneralReply,
  UPGRADE_TYPE,
  writeUpgradeHead,
} from '@safety-shield/contract/jt808';

/** Sub-packages waiting for their answer at once: enough to fill a mobile link without flooding a terminal. */
export const UPGRADE_WINDOW = 16;
/** How long one sub-package waits for its answer. */
const PACKAGE_ANSWER_MS = 30_000;
/** A downloading report goes when the percent enters a new tenth or this long after the last (as a device's rule). */
const REPORT_EVERY_MS = 1_000;

/** The order, as the contract's `upgrade` down message carries it. */
export interface UpgradeOrder {
  upgradeId: number;
  version: string;
  url: string;
  size: number;
  sha256: string;
}

/** What the transfer needs of the terminal's connection. */
export interface PackageLink {
  /** Sends one sub-package of 0x8108 (its own serial) and resolves with the terminal's answer; rejects on none. */
  sendPackage(packets: { total: number; index: number }, part: Uint8Array, timeoutMs: number): Promise<Packet>;
  /** Files a step as the device's `upgradeProgress` (never rejects). */
  report(progress: UpgradeProgressUp): Promise<void>;
  /** Whether the connection is still up: a transfer cut by its end fails nothing (the order comes again). */
  isOpen(): boolean;
  /** The terminal answered every sub-package: called at once, before `installing` is filed (it may restart meanwhile). */
  sent(): void;
}

/** Why an order cannot go to this terminal at all; undefined when it can. */
export function orderProblem(order: UpgradeOrder): string | undefined {
  const most = maxUpgradeBytes(order.version);
  if (order.size > most) return `package too large for JT/T 808: ${order.size} bytes, at most ${most}`;
  return undefined;
}

/** The package's bytes from `url`, in the sizes the network gives. */
async function* download(url: string, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const res = await fetch(url, { signal }).catch((err: unknown) => {
    throw new TransferFailure(`download failed: ${err instanceof Error ? err.message : String(err)}`);
  });
  if (!res.ok || !res.body) throw new TransferFailure(`download failed: HTTP ${res.status}`);
  for await (const chunk of res.body) yield chunk;
}

/** Ends the transfer with `upgradeProgress` failed and this reason. */
class TransferFailure extends Error {}

/** The body of 0x8108 (head, then the package) cut into sub-packages of MAX_BODY bytes, as the download brings it. */
async function* packages(head: Uint8Array, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending = head;
  for await (const chunk of bytes) {
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    let at = 0;
    for (; joined.length - at >= MAX_BODY; at += MAX_BODY) yield joined.slice(at, at + MAX_BODY);
    pending = joined.slice(at);
  }
  if (pending.length > 0) yield pending;
}

/** One order on its way to one terminal; `cancel` stops it while packages are still going. */
export class UpgradeTransfer {
  private readonly stop = new AbortController();
  private sent = false;
  readonly done: Promise<void>;

  constructor(
    readonly order: UpgradeOrder,
    maker: string | null,
    private readonly link: PackageLink,
  ) {
    const head = writeUpgradeHead({ type: UPGRADE_TYPE.terminal, maker: maker ?? '', version: order.version, size: order.size });
    this.done = this.run(head);
  }

  /** Every package went and was answered: the terminal is installing, and only it can stop now. */
  get installing(): boolean {
    return this.sent;
  }

  /** Stops sending (`upgradeCancel`, or the connection ended); false once the terminal holds the whole package. */
  cancel(): boolean {
    if (this.sent) return false;
    this.stop.abort();
    return true;
  }

  private async run(head: Uint8Array): Promise<void> {
    const { order, link } = this;
    const total = Math.ceil((head.length + order.size) / MAX_BODY);
    const hash = createHash('sha256');
    const waiting: Promise<void>[] = [];
    let answered = 0;
    let reported = { tenth: -1, at: 0 };
    // The download's steps are filed in order without holding the transfer back (a slow database must not delay the
    // moment the terminal is known to hold the package).
    let filing: Promise<void> = Promise.resolve();
    const answer = async (reply: Promise<Packet>) => {
      const { result } = readGeneralReply((await reply).body);
      if (result !== REPLY_RESULT.ok) throw new TransferFailure(`the terminal refused the package (result ${result})`);
      answered += 1;
      // The last package's answer is the step to installing.
      if (answered === total) return;
      const percent = Math.floor((answered * 100) / total);
      const now = Date.now();
      if (Math.floor(percent / 10) > reported.tenth || now - reported.at >= REPORT_EVERY_MS) {
        reported = { tenth: Math.floor(percent / 10), at: now };
        filing = filing.then(() => link.report({ upgradeId: order.upgradeId, phase: 'downloading', percent }));
      }
    };
    try {
      let index = 0;
      let size = -head.length;
      for await (const part of packages(head, download(order.url, this.stop.signal))) {
        if (this.stop.signal.aborted) return;
        index += 1;
        size += part.length;
        hash.update(index === 1 ? part.subarray(head.length) : part);
        if (size > order.size) throw new TransferFailure('the package is larger than ordered');
        if (index === total) {
          // The terminal has no checksum of its own: what it was sent is checked before it can install it.
          if (hash.digest('hex') !== order.sha256) throw new TransferFailure('checksum mismatch');
          await Promise.all(waiting.splice(0));
          await link.report({ upgradeId: order.upgradeId, phase: 'verifying' });
        }
        const reply = answer(link.sendPackage({ total, index }, part, PACKAGE_ANSWER_MS));
        // Handled now, awaited in turn: one failing before its turn must not be an unhandled rejection.
        reply.catch(() => {});
        waiting.push(reply);
        if (waiting.length >= UPGRADE_WINDOW) await waiting.shift();
      }
      await Promise.all(waiting.splice(0));
      if (this.stop.signal.aborted) return;
      if (index !== total) throw new TransferFailure('the package is smaller than ordered');
      this.sent = true;
      link.sent();
      await link.report({ upgradeId: order.upgradeId, phase: 'installing' });
    } catch (err) {
      if (this.stop.signal.aborted) return;
      this.stop.abort();
      // A connection that ended says nothing: the order comes again at the terminal's next hello.
      if (!link.isOpen()) return;
      const reason = err instanceof TransferFailure ? err.message : `the terminal stopped answering: ${(err as Error).message}`;
      await link.report({ upgradeId: order.upgradeId, phase: 'failed', reason });
    }
  }
}
