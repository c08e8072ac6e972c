import type { Envelope, IdentifyFirst } from '@safety-shield/contract';

/**
 * A call declared `identified` (issuing an API token, say) is refused with PERMISSION_ROLE_FAIL and
 * `{ identify: true }` until the session confirms its password. The HTTP layer then asks the user through the prompt
 * IdentifyDialog registers here, and calls again once the password is confirmed.
 */
let prompt: (() => Promise<boolean>) | undefined;
/** Calls refused at the same moment share one question. */
let asking: Promise<boolean> | undefined;

export function setIdentityPrompt(ask: (() => Promise<boolean>) | undefined) {
  prompt = ask;
}

/** True once the user confirmed the password; false when they cancelled (or no console is mounted to ask). */
export function confirmIdentity(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  asking ??= prompt().finally(() => {
    asking = undefined;
  });
  return asking;
}

export const asksForIdentity = (body: Partial<Envelope>) =>
  body.codeKey === 'PERMISSION_ROLE_FAIL' && (body.data as IdentifyFirst | null | undefined)?.identify === true;
