import { describe, expect, it } from 'vitest';
import {
  Jt808FormatError,
  MAX_BODY,
  MAX_PACKAGES,
  maxUpgradeBytes,
  readUpgrade,
  readUpgradeResult,
  UPGRADE_RESULT,
  UPGRADE_TYPE,
  writeUpgradeHead,
  writeUpgradeResult,
} from '../../src/jt808/index.js';
import { bytesOf, upperHex } from './hex.js';

/**
 * Bodies from SmallChi/JT808's tests (https://github.com/SmallChi/JT808, MIT License), copied unchanged as test data:
 * JT808_0x8108Test (commit 06a09c098ff6224379b8786549c064475bbbaca1) and JT808_0x0108Test (commit
 * 1924e87f7c30c560eba6e472ef01478e8f7ced00). Type 0x34 (52) is the positioning module.
 */
const SMALLCHI_8108 = '3461736466670C717363766869757974726577000000050102030405';
const SMALLCHI_0108 = '3400';

describe('JT/T 808 upgrades (0x8108, 0x0108)', () => {
  it('reads and writes 0x8108 as another gateway does', () => {
    const read = readUpgrade(bytesOf(SMALLCHI_8108));
    expect(read).toEqual({ type: UPGRADE_TYPE.positioning, maker: 'asdfg', version: 'qscvhiuytrew', data: Uint8Array.of(1, 2, 3, 4, 5) });
    const head = writeUpgradeHead({ type: UPGRADE_TYPE.positioning, maker: 'asdfg', version: 'qscvhiuytrew', size: 5 });
    expect(upperHex(head) + '0102030405').toBe(SMALLCHI_8108);
  });

  it('reads and writes 0x0108', () => {
    expect(readUpgradeResult(bytesOf(SMALLCHI_0108))).toEqual({ type: UPGRADE_TYPE.positioning, result: UPGRADE_RESULT.ok });
    expect(upperHex(writeUpgradeResult(UPGRADE_TYPE.positioning, UPGRADE_RESULT.ok))).toBe(SMALLCHI_0108);
  });

  it('knows the largest package 65,535 sub-packages carry, and refuses a body shorter than it says', () => {
    const head = writeUpgradeHead({ type: 0, maker: 'SSHLD', version: '2.5.0', size: 0 });
    expect(maxUpgradeBytes('2.5.0')).toBe(MAX_PACKAGES * MAX_BODY - head.length);
    const short = bytesOf(SMALLCHI_8108).subarray(0, 25);
    expect(() => readUpgrade(short)).toThrow(Jt808FormatError);
  });
});
