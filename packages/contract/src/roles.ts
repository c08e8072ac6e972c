/** Roles of SPEC section 6, from the widest scope to the narrowest. */
export const roles = [
  'SUPER_ADMIN',
  'AGENT_ADMIN',
  'COMPANY_ADMIN',
  'FLEET_ADMIN',
  'SITE_ADMIN',
  'NORMAL_USER',
  'SUPER_ASSISTANT',
] as const;
export type Role = (typeof roles)[number];

/** The Super Admin alone. */
export const superAdminOnly: readonly Role[] = ['SUPER_ADMIN'];

/** SPEC section 6: form items default to the five admin roles. */
export const adminRoles: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'];

/** The administrators down to a fleet's (no site admin): who writes vehicles, devices, incidents and alerts. */
export const fleetAdminsAndAbove: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'];

/** SPEC section 1: a normal user has no access right to the server; the role exists only for data storage review. */
export const consoleRoles: readonly Role[] = roles.filter((role) => role !== 'NORMAL_USER');
