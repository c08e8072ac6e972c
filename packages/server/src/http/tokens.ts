import { createHash } from 'node:crypto';

/**
 * How every opaque token is stored: console sessions, API tokens and device secrets are kept only as this hash, so
 * the account module and the device gateway check a caller's token the same way.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
