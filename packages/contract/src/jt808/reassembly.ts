/**
 * Joins a message sent in sub-packages (section 4.4.3.2). A message is known by its terminal, id and package count
 * and its first serial (each package takes the next serial). When packages stay missing past `timeoutMs` the receiver
 * asks for them again (0x8003) once, then gives the message up. Memory is bounded: at most `maxMessages` messages
 * wait at once and each at most `maxPackages` packages; beyond that a new message is refused.
 */
import type { Packet } from './packet.js';

export interface ReassemblyLimits {
  maxMessages: number;
  maxPackages: number;
  timeoutMs: number;
}

interface Waiting {
  id: number;
  firstSerial: number;
  total: number;
  parts: (Uint8Array | undefined)[];
  received: number;
  asked: boolean;
  since: number;
}

export type Assembled =
  | { kind: 'whole'; firstSerial: number; body: Uint8Array }
  | { kind: 'waiting' }
  | { kind: 'refused'; reason: string };

export class Reassembly {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly limits: ReassemblyLimits) {}

  /** Adds one package; the message's body once its last package arrives. */
  add(packet: Packet, now: number): Assembled {
    const packets = packet.header.packets;
    if (!packets) return { kind: 'whole', firstSerial: packet.header.serial, body: packet.body };
    if (packets.total > this.limits.maxPackages) return { kind: 'refused', reason: `${packets.total} packages` };
    const firstSerial = (packet.header.serial - (packets.index - 1) + 0x10000) & 0xffff;
    const key = `${packet.header.id}:${firstSerial}:${packets.total}`;
    let entry = this.waiting.get(key);
    if (!entry) {
      if (this.waiting.size >= this.limits.maxMessages) return { kind: 'refused', reason: 'too many messages waiting' };
      entry = {
        id: packet.header.id,
        firstSerial,
        total: packets.total,
        parts: Array.from({ length: packets.total }, () => undefined),
        received: 0,
        asked: false,
        since: now,
      };
      this.waiting.set(key, entry);
    }
    if (!entry.parts[packets.index - 1]) {
      entry.parts[packets.index - 1] = packet.body;
      entry.received += 1;
    }
    if (entry.received < entry.total) return { kind: 'waiting' };
    this.waiting.delete(key);
    const length = entry.parts.reduce((sum, part) => sum + (part?.length ?? 0), 0);
    const body = new Uint8Array(length);
    let at = 0;
    for (const part of entry.parts) {
      body.set(part as Uint8Array, at);
      at += (part as Uint8Array).length;
    }
    return { kind: 'whole', firstSerial, body };
  }

  /**
   * Messages whose packages stay missing: those to ask for again (first time past the time-out), and how many were
   * given up (asked already and still missing after a second time-out).
   */
  expire(now: number): { ask: { id: number; firstSerial: number; missing: number[] }[]; dropped: number } {
    const ask: { id: number; firstSerial: number; missing: number[] }[] = [];
    let dropped = 0;
    for (const [key, entry] of this.waiting) {
      if (now - entry.since < this.limits.timeoutMs) continue;
      if (entry.asked) {
        this.waiting.delete(key);
        dropped += 1;
        continue;
      }
      entry.asked = true;
      entry.since = now;
      const missing: number[] = [];
      entry.parts.forEach((part, i) => {
        if (!part) missing.push(i + 1);
      });
      ask.push({ id: entry.id, firstSerial: entry.firstSerial, missing });
    }
    return { ask, dropped };
  }

  /** Messages waiting for packages now. */
  get size(): number {
    return this.waiting.size;
  }
}
