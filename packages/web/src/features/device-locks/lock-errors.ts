import type { LockLinkRefusal } from '@safety-shield/contract';
import { ApiError } from '../../shared/http/client.js';

/** What a refused PIN action means to the person holding the PIN. */
export type PinRefusal =
  | { kind: 'wrongPin'; triesLeft: number; blockedUntil: number | null }
  | { kind: 'blocked'; blockedUntil: number }
  | { kind: 'link'; link: LockLinkRefusal }
  | { kind: 'other'; message: string };

const dataOf = (error: ApiError) => (typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {});

/** Reads the server's refusal of a lock change (docs/decisions.md, Device locks): wrong PIN, block, or a link that opens nothing. */
export function pinRefusal(error: unknown): PinRefusal {
  if (!(error instanceof ApiError)) return { kind: 'other', message: String((error as Error)?.message ?? error) };
  const data = dataOf(error);
  if (error.codeKey === 'PERMISSION_CHECK_FAIL' && typeof data.triesLeft === 'number') {
    return { kind: 'wrongPin', triesLeft: data.triesLeft, blockedUntil: typeof data.blockedUntil === 'number' ? data.blockedUntil : null };
  }
  if (error.codeKey === 'YOU_REQUEST_TOO_FAST' && typeof data.blockedUntil === 'number')
    return { kind: 'blocked', blockedUntil: data.blockedUntil };
  const link = linkRefusal(error);
  if (link) return { kind: 'link', link };
  return { kind: 'other', message: error.message };
}

/** Why an installer link opens nothing, when that is what the error says. */
export function linkRefusal(error: unknown): LockLinkRefusal | null {
  if (!(error instanceof ApiError) || error.codeKey !== 'PERMISSION_CHECK_FAIL') return null;
  const link = dataOf(error).link;
  return link === 'expired' || link === 'usedUp' || link === 'unknown' ? link : null;
}
