import type { Role } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../src/http/principal.js';
import { IncidentTotals } from '../src/modules/events/list-totals.js';

const principal = (role: Role, agentId: number | null, companyId: number | null, fleetId: number | null): Principal => ({
  accountId: 1,
  username: 'u',
  role,
  language: undefined,
  agentId,
  companyId,
  fleetId,
  siteId: null,
  mustChangePassword: false,
  tokenHash: 'h',
  via: 'session',
});

describe('IncidentTotals', () => {
  const superAdmin = principal('SUPER_ADMIN', null, null, null);
  const companyA = principal('COMPANY_ADMIN', 1, 10, null);
  const companyB = principal('COMPANY_ADMIN', 1, 20, null);
  const fleetB = principal('FLEET_ADMIN', 1, 20, 200);

  it('keeps a total per view and filters', () => {
    const totals = new IncidentTotals();
    totals.set(companyA, { tag: 1 }, 5);
    expect(totals.get(companyA, { tag: 1 })).toBe(5);
    expect(totals.get(companyA, { tag: 2 })).toBeUndefined();
    expect(totals.get(companyB, { tag: 1 })).toBeUndefined();
  });

  it('forgets, for a new incident, exactly the views it appears in', () => {
    const totals = new IncidentTotals();
    for (const who of [superAdmin, companyA, companyB, fleetB]) totals.set(who, {}, 1);
    totals.forget({ agentId: 1, companyId: 20, fleetId: 200 });
    expect(totals.get(superAdmin, {})).toBeUndefined();
    expect(totals.get(companyB, {})).toBeUndefined();
    expect(totals.get(fleetB, {})).toBeUndefined();
    expect(totals.get(companyA, {})).toBe(1);
  });
});
