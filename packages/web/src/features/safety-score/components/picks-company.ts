import type { Role } from '@safety-shield/contract';
import { scopeKindsOf } from '../../orgs/index.js';

/** Whether a role names the company whose weights it reads: those who see several companies (they pick one); the others, their own. */
export const picksCompany = (role: Role | undefined) => scopeKindsOf(role).includes('company');
