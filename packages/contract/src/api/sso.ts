import { type Static, Type } from 'typebox';
import type { Role } from '../roles.js';
import { Id, Nullable } from './common.js';

/** Who keeps a company's single sign-on: its supplier's admins (SPEC section 6, as for the company itself). */
export const ssoManagers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];

/** The name users type on the login page: letters, digits, dots, dashes and underscores, unique without regard to case. */
export const SSO_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{1,62}$';
const SsoName = Type.String({ minLength: 2, maxLength: 63, pattern: SSO_NAME_PATTERN });

/** `POST /v1/account/sso/start`: the company's sign-in name. */
export const SsoStartBody = Type.Object({ name: SsoName });
export type SsoStartBody = Static<typeof SsoStartBody>;

/** Where the browser goes next: the provider's authorization URL (PKCE S256, state and nonce in it). */
export const SsoStartResult = Type.Object({ url: Type.String() });
export type SsoStartResult = Static<typeof SsoStartResult>;

/** What the provider put in the query of `/auth-redirect`, as the console page read it. */
export const SsoLoginBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  state: Type.String({ minLength: 1, maxLength: 512 }),
  /** RFC 9207: the issuer of the answer, where the provider sends it. */
  iss: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
});
export type SsoLoginBody = Static<typeof SsoLoginBody>;

/** A company's provider as its admins see it: never the client secret, only whether one is set. */
export const SsoConfig = Type.Object({
  companyId: Type.Integer(),
  configured: Type.Boolean(),
  name: Nullable(Type.String()),
  issuer: Nullable(Type.String()),
  clientId: Nullable(Type.String()),
  secretSet: Type.Boolean(),
  enabled: Type.Boolean(),
  /** The address to register at the provider as this portal's redirect URI. */
  redirectUri: Type.String(),
});
export type SsoConfig = Static<typeof SsoConfig>;

/** Saving a company's provider; the secret may be left out when one is set already (it is write-only). */
export const SsoConfigBody = Type.Object({
  id: Id,
  name: SsoName,
  issuer: Type.String({ minLength: 8, maxLength: 2048, description: 'https://… (http only for a loopback address)' }),
  clientId: Type.String({ minLength: 1, maxLength: 512 }),
  clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  enabled: Type.Boolean(),
});
export type SsoConfigBody = Static<typeof SsoConfigBody>;
