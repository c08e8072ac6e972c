import type { AccountRecord } from '@safety-shield/contract';

/** Where an account sits: agent / company / fleet / site, as far down as it goes. */
export const organisationPath = (account: Pick<AccountRecord, 'agentName' | 'companyName' | 'fleetName' | 'siteName'>) =>
  [account.agentName, account.companyName, account.fleetName, account.siteName].filter(Boolean).join(' / ');
