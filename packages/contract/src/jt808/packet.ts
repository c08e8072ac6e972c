/**
 * A JT/T 808 message: its header (section 4.4.3; the 2019 version flag adds a protocol version byte and widens the
 * terminal number to 20 digits) and its body, as one frame or as sub-packages of at most MAX_BODY bytes each.
 */
import { Jt808FormatError, Reader, Writer } from './bytes.js';
import { checksum, frame, unescapeBytes } from './frame.js';

/** The editions of the standard a terminal may speak; 2011 and 2013 share a header and differ in some bodies. */
export type Jt808Version = 2011 | 2013 | 2019;

/** A body's length is 10 bits: a longer body goes in sub-packages. */
export const MAX_BODY = 1023;

export interface Header {
  id: number;
  /** The terminal number as it travels: 12 digits (BCD[6]), 20 with the 2019 flag (BCD[10]). */
  terminal: string;
  serial: number;
  /** 2019 when the version flag is set (its protocol version byte in `protocolVersion`), else 2013 (2011 is told by the body). */
  version: 2013 | 2019;
  protocolVersion: number;
  /** Bits 10–12 of the body properties: 0 for plain, 1 for RSA. */
  encryption: number;
  /** Sub-package: how many the message has and which one this is (1-based). */
  packets: { total: number; index: number } | null;
}

export interface Packet {
  header: Header;
  body: Uint8Array;
}

/** Why a frame was not a message: the listener counts and logs these, and answers nothing. */
export type FrameProblem = 'escape' | 'checksum' | 'length' | 'header';

/**
 * A frame's message (its escaped bytes between the flags, checksum last), or the problem that made it unreadable:
 * never throws.
 */
export function readPacket(sent: Uint8Array): Packet | FrameProblem {
  const bytes = unescapeBytes(sent);
  if (!bytes) return 'escape';
  if (bytes.length < 13) return 'length';
  const end = bytes.length - 1;
  if (checksum(bytes, end) !== bytes[end]) return 'checksum';
  try {
    const r = new Reader(bytes.subarray(0, end));
    const id = r.word();
    const properties = r.word();
    const v2019 = (properties & 0x4000) !== 0;
    const protocolVersion = v2019 ? r.byte() : 0;
    const terminal = r.bcd(v2019 ? 10 : 6);
    const serial = r.word();
    const split = (properties & 0x2000) !== 0;
    const packets = split ? { total: r.word(), index: r.word() } : null;
    if (packets && (packets.total < 1 || packets.index < 1 || packets.index > packets.total)) return 'header';
    const length = properties & 0x3ff;
    if (r.left !== length) return 'length';
    return {
      header: {
        id,
        terminal,
        serial,
        version: v2019 ? 2019 : 2013,
        protocolVersion,
        encryption: (properties >> 10) & 0x07,
        packets,
      },
      body: r.rest(),
    };
  } catch (error) {
    if (error instanceof Jt808FormatError) return 'header';
    throw error;
  }
}

/** What to send: a message to or from a terminal. */
export interface Outgoing {
  id: number;
  terminal: string;
  serial: number;
  /** 2011 and 2013 send the short header. */
  version: Jt808Version;
  body: Uint8Array;
  /** The 2019 header's protocol version byte (1 for the 2019 edition). */
  protocolVersion?: number;
}

function headerOf(out: Omit<Outgoing, 'body'>, length: number, packets: { total: number; index: number } | null): Writer {
  const w = new Writer();
  const v2019 = out.version === 2019;
  w.word(out.id);
  w.word(length | (packets ? 0x2000 : 0) | (v2019 ? 0x4000 : 0));
  if (v2019) w.byte(out.protocolVersion ?? 1);
  w.bcd(out.terminal, v2019 ? 10 : 6);
  w.word(out.serial);
  if (packets) w.word(packets.total).word(packets.index);
  return w;
}

/**
 * The frames of a message: one, or one per sub-package when the body is longer than MAX_BODY (each takes the next
 * serial: `serial`, `serial + 1`, …).
 */
export function writeFrames(out: Outgoing): Uint8Array[] {
  if (out.body.length <= MAX_BODY) return [frame(headerOf(out, out.body.length, null).bytes(out.body).done())];
  const total = Math.ceil(out.body.length / MAX_BODY);
  const frames: Uint8Array[] = [];
  for (let index = 1; index <= total; index += 1) {
    const part = out.body.subarray((index - 1) * MAX_BODY, index * MAX_BODY);
    frames.push(writePackage({ ...out, serial: (out.serial + index - 1) & 0xffff }, { total, index }, part));
  }
  return frames;
}

/**
 * One sub-package's frame, `part` being its share of the body (at most MAX_BODY bytes) and `out.serial` its own
 * serial: a body too long to hold at once (a firmware package) goes out a package at a time.
 */
export function writePackage(out: Omit<Outgoing, 'body'>, packets: { total: number; index: number }, part: Uint8Array): Uint8Array {
  return frame(headerOf(out, part.length, packets).bytes(part).done());
}

/** The sub-package frames of a message again, only those numbered in `indexes` (a retransmission request). */
export function resendFrames(out: Outgoing, indexes: readonly number[]): Uint8Array[] {
  const all = writeFrames(out);
  return indexes.filter((i) => i >= 1 && i <= all.length).map((i) => all[i - 1] as Uint8Array);
}
