import type { VehicleEmailRecord } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { resendWaitSeconds, verifyProblem } from './verify-rules.js';

const email = (id: number, codeSentTime: number | null = null): VehicleEmailRecord => ({
  id,
  email: `driver${id}@example.com`,
  state: 'unverified',
  codeSentTime,
  verifiedTime: null,
});

describe('verifying a notification e-mail', () => {
  it('asks to choose the address again when none is chosen or it has gone', () => {
    expect(verifyProblem(undefined, [email(1)], new Set())).toBe('rechoose');
    expect(verifyProblem(2, [email(1)], new Set([2]))).toBe('rechoose');
  });

  it('asks to send the code first when none went to that address', () => {
    expect(verifyProblem(1, [email(1)], new Set())).toBe('sendFirst');
    expect(verifyProblem(1, [email(1)], new Set([1]))).toBeNull();
    expect(verifyProblem(1, [email(1, 1_000)], new Set())).toBeNull();
  });

  it('counts down the 60 seconds before another code may be sent', () => {
    expect(resendWaitSeconds(null, 5_000)).toBe(0);
    expect(resendWaitSeconds(0, 0)).toBe(60);
    expect(resendWaitSeconds(0, 59_001)).toBe(1);
    expect(resendWaitSeconds(0, 60_000)).toBe(0);
    // A clock read just before the code went out never shows more than 60.
    expect(resendWaitSeconds(1_000, 200)).toBe(60);
  });
});
