import { type OrgKind, parentKind } from '@safety-shield/contract';

/** The parent kind of an organisation kind, for those that have one. */
export const parentOf = (kind: OrgKind) => parentKind[kind];

/** Which quotas an organisation of each kind carries (the API: company quota for agents, device quota for agents and companies). */
export const quotasOf = (kind: OrgKind) => ({ companyQuota: kind === 'agent', deviceQuota: kind === 'agent' || kind === 'company' });
