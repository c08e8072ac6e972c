/**
 * Firmware upgrades over JT/T 808 (section 8.56–8.57): 0x8108 carries the whole package to the terminal in
 * sub-packages, each answered by a general reply; the terminal installs it, restarts and, connected again, tells the
 * result with 0x0108.
 */
import { Reader, Writer } from './bytes.js';
import { MAX_BODY } from './packet.js';

/** What a package upgrades (0x8108's and 0x0108's first byte). */
export const UPGRADE_TYPE = { terminal: 0, cardReader: 12, positioning: 52 } as const;

/** 0x0108's result. */
export const UPGRADE_RESULT = { ok: 0, failed: 1, cancelled: 2 } as const;

/** A message has at most 65,535 sub-packages. */
export const MAX_PACKAGES = 0xffff;

/** The head of 0x8108's body, before the package's bytes. */
export interface UpgradeHead {
  type: number;
  /** The maker's id, five characters (NUL-padded). */
  maker: string;
  version: string;
  /** The package's length in bytes. */
  size: number;
}

export interface UpgradeBody extends Omit<UpgradeHead, 'size'> {
  data: Uint8Array;
}

/** The head of 0x8108: type, maker, version (its length first) and the package's length. */
export function writeUpgradeHead(head: UpgradeHead): Uint8Array {
  const version = new Writer().textRest(head.version).done().subarray(0, 255);
  return new Writer().byte(head.type).text(head.maker, 5).byte(version.length).bytes(version).dword(head.size).done();
}

/** The largest package a terminal can be sent with this version text (every sub-package full). */
export function maxUpgradeBytes(version: string): number {
  return MAX_PACKAGES * MAX_BODY - writeUpgradeHead({ type: 0, maker: '', version, size: 0 }).length;
}

/** A whole 0x8108 body (joined from its sub-packages). */
export function readUpgrade(body: Uint8Array): UpgradeBody {
  const r = new Reader(body);
  const type = r.byte();
  const maker = r.text(5);
  const version = r.text(r.byte());
  const size = r.dword();
  return { type, maker, version, data: r.bytesOf(size) };
}

/** 0x0108: how the upgrade of `type` ended. */
export function writeUpgradeResult(type: number, result: number): Uint8Array {
  return new Writer().byte(type).byte(result).done();
}

export function readUpgradeResult(body: Uint8Array): { type: number; result: number } {
  const r = new Reader(body);
  return { type: r.byte(), result: r.byte() };
}
