import { EMAIL_CODE_RESEND_MS, type VehicleEmailRecord } from '@safety-shield/contract';

export type VerifyProblem = 'rechoose' | 'sendFirst';

/**
 * SPEC section 8's client messages before a code is checked: the chosen address must still be on the vehicle
 * ('please re-choose the email to validate'), and a code must have been sent to it ('please send the validation
 * code first').
 */
export function verifyProblem(
  chosenId: number | undefined,
  emails: readonly VehicleEmailRecord[],
  sentHere: ReadonlySet<number>,
): VerifyProblem | null {
  const chosen = emails.find((email) => email.id === chosenId);
  if (!chosen) return 'rechoose';
  if (chosen.codeSentTime == null && !sentHere.has(chosen.id)) return 'sendFirst';
  return null;
}

/** Whole seconds until another code may go to the address (the server's 60 s), 0 when it may now. */
export function resendWaitSeconds(lastSent: number | null | undefined, now: number): number {
  if (lastSent == null) return 0;
  // Never more than the full wait: `now` may be up to a tick older than the moment the code went out.
  const full = EMAIL_CODE_RESEND_MS / 1000;
  return Math.min(full, Math.max(0, Math.ceil((lastSent + EMAIL_CODE_RESEND_MS - now) / 1000)));
}
