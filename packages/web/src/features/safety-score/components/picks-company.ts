import type { Role } from '@safety-shield/contract';

/** Whether a role names the company whose weights it reads: the Super and Agent Admins see several; the others, their own. */
export const picksCompany = (role: Role | undefined) => role === 'SUPER_ADMIN' || role === 'AGENT_ADMIN';
