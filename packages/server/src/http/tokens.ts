import { hash, timingSafeEqual } from 'node:crypto';

/**
 * How every opaque token is stored: console sessions, API tokens and device secrets are kept only as this hash, so
 * the account module and the device gateway check a caller's token the same way. Every API call hashes its token:
 * the one-shot `hash` costs a third of a hash object.
 */
export const hashToken = (token: string) => hash('sha256', token, 'base64url');

/** Whether two stored token hashes are the same, in constant time (device secrets, JT/T 808 authentication codes). */
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
