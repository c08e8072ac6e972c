import type { Access, Language, RateClass, Role } from '@safety-shield/contract';

/** Who is calling: resolved from the X-Token header once per request. */
export interface Principal {
  accountId: number;
  username: string;
  role: Role;
  language: Language | undefined;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
  siteId: number | null;
  /** SPEC section 4: an account someone else created must change its password before anything else. */
  mustChangePassword: boolean;
  tokenHash: string;
  /** A console session, or one of the account's API tokens (which some calls refuse). */
  via: 'session' | 'apiToken';
  /** When the session last confirmed its password (`POST /v1/account/identify`); null if never, and for API tokens. */
  identifiedAt: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Callable while the password must still be changed (selfInfo, the password change, logout). */
    beforePasswordChange?: boolean;
    /** Callable while a must-check clause still waits (selfInfo, the clause calls, logout, the password change). */
    beforeClause?: boolean;
    /** Answers while maintenance mode is on (health, login, logout, selfInfo, the maintenance state). */
    duringMaintenance?: boolean;
    /** Refused to API tokens (API_PERMISSION_AUTH_FAIL): managing credentials takes a console session. */
    sessionOnly?: boolean;
    /** Takes a password confirmed within IDENTITY_MS (PERMISSION_ROLE_FAIL with data `{ identify: true }` otherwise). */
    identified?: boolean;
    /** A per-address limit of its own (the login's pace). */
    rate?: RateClass;
    /** The operation-log action of a write route, e.g. 'account.register'. Every write declares one. */
    audit?: string;
  }
}
