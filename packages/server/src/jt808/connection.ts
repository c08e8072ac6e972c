import type { Socket } from 'node:net';
import { type Header, ID, type Jt808Version, writeFrames, writeGeneralReply, writePackage } from '@safety-shield/contract/jt808';
import type { FastifyBaseLogger } from 'fastify';
import type { DropLog } from '../device-port/drops.js';

/** What every connection of a listener shares. */
export interface ConnectionParts {
  log: FastifyBaseLogger;
  drops: DropLog;
  track(work: Promise<unknown>): void;
}

/**
 * A terminal's TCP connection to one of the JT/T 808 listeners (terminals, attachments): what it reads is handled in
 * order, one at a time, and it answers in the terminal's own header edition and number.
 */
export abstract class TerminalConnection {
  protected queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private serial = 0;
  /** The terminal number as its frames carry it, and the header edition of its newest frame. */
  protected wire: { terminal: string; version: Jt808Version } = { terminal: '0', version: 2013 };
  protected closed = false;

  constructor(
    protected readonly socket: Socket,
    private readonly shared: ConnectionParts,
    /** Items read and not yet handled before the connection stops reading. */
    private readonly maxQueued: number,
    idleMs: number,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(idleMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (err) => shared.log.debug({ err: err.message, device: this.name }, 'jt808 connection error'));
    socket.on('close', () => {
      if (this.closed) return;
      this.closed = true;
      this.ended();
    });
  }

  /** The device, or the terminal number until it is known: what the logs name. */
  protected abstract get name(): string;
  protected abstract read(chunk: Buffer): void;
  /** The connection ended (once). */
  protected abstract ended(): void;

  /** `work` after what was read before it; a terminal that sends faster than it is handled is read no more until it catches up. */
  protected enqueue(work: () => Promise<void>): void {
    this.queued += 1;
    if (this.queued >= this.maxQueued) this.socket.pause();
    this.queue = this.queue.then(work).finally(() => {
      this.queued -= 1;
      if (this.queued < this.maxQueued / 2 && !this.closed) this.socket.resume();
    });
    this.shared.track(this.queue);
  }

  protected reply(header: Header, result: number): void {
    this.send(ID.platformReply, writeGeneralReply({ serial: header.serial, id: header.id, result }));
  }

  /** Sends a message (in sub-packages when long); answers the serial it went with. */
  protected send(id: number, body: Uint8Array): number {
    const serial = this.serial;
    if (this.closed) return serial;
    const frames = writeFrames({ id, terminal: this.wire.terminal, serial, version: this.wire.version, body });
    this.serial = (this.serial + frames.length) & 0xffff;
    for (const frame of frames) this.socket.write(frame);
    return serial;
  }

  /**
   * Takes `count` consecutive serials for a message sent a sub-package at a time (a terminal joins the packages by
   * their serials, which must follow each other, whatever else is sent meanwhile); answers the first.
   */
  protected reserveSerials(count: number): number {
    const first = this.serial;
    this.serial = (this.serial + count) & 0xffff;
    return first;
  }

  /** Sends one sub-package of a message whose serials were reserved from `first`; answers the package's serial. */
  protected sendPackage(id: number, first: number, packets: { total: number; index: number }, part: Uint8Array): number {
    const serial = (first + packets.index - 1) & 0xffff;
    if (!this.closed)
      this.socket.write(writePackage({ id, terminal: this.wire.terminal, serial, version: this.wire.version }, packets, part));
    return serial;
  }

  protected drop(kind: string | number, reason: () => string): void {
    this.shared.drops.drop(this.name, typeof kind === 'number' ? `0x${kind.toString(16).padStart(4, '0')}` : kind, undefined, reason);
  }

  /** Ends the connection (taken over by a newer one, or the listener stops). */
  close(): void {
    this.socket.end();
    this.socket.destroySoon();
  }
}
