import type { Role } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../src/http/principal.js';
import { ViewCache } from '../src/view-cache.js';

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
  identifiedAt: null,
});

describe('ViewCache', () => {
  const superAdmin = principal('SUPER_ADMIN', null, null, null);
  const companyA = principal('COMPANY_ADMIN', 1, 10, null);
  const companyB = principal('COMPANY_ADMIN', 1, 20, null);
  const fleetB = principal('FLEET_ADMIN', 1, 20, 200);

  it('keeps a total per view and filters', () => {
    const totals = new ViewCache<number>();
    totals.set(companyA, 'tag 1', 5);
    expect(totals.get(companyA, 'tag 1')).toBe(5);
    expect(totals.get(companyA, 'tag 2')).toBeUndefined();
    expect(totals.get(companyB, 'tag 1')).toBeUndefined();
  });

  it('forgets, for a change of a chain, exactly the views that see it', () => {
    const totals = new ViewCache<number>();
    for (const who of [superAdmin, companyA, companyB, fleetB]) totals.set(who, 'all', 1);
    totals.forget({ agentId: 1, companyId: 20, fleetId: 200 });
    expect(totals.get(superAdmin, 'all')).toBeUndefined();
    expect(totals.get(companyB, 'all')).toBeUndefined();
    expect(totals.get(fleetB, 'all')).toBeUndefined();
    expect(totals.get(companyA, 'all')).toBe(1);
  });

  it('answers through the cache once per view', async () => {
    const cache = new ViewCache<number>();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.through(companyA, 'count', compute)).toBe(1);
    expect(await cache.through(principal('COMPANY_ADMIN', 1, 10, null), 'count', compute)).toBe(1);
    expect(await cache.through(companyB, 'count', compute)).toBe(2);
    cache.forgetAll();
    expect(await cache.through(companyA, 'count', compute)).toBe(3);
  });

  it('does not keep an answer computed across a change', async () => {
    const cache = new ViewCache<number>();
    let release: (value: number) => void = () => {};
    const slow = cache.through(companyA, 'count', () => new Promise<number>((resolve) => (release = resolve)));
    cache.forget({ agentId: 1, companyId: 10, fleetId: null });
    release(7);
    expect(await slow).toBe(7);
    expect(cache.get(companyA, 'count')).toBeUndefined();
  });

  it('computes once for callers of one view who miss at the same moment', async () => {
    const cache = new ViewCache<number>();
    let computed = 0;
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 10));
    const answers = await Promise.all([cache.through(companyA, 'count', compute), cache.through(companyA, 'count', compute)]);
    expect(answers).toEqual([1, 1]);
    expect(await cache.through(companyB, 'count', compute)).toBe(2);
  });

  it('serves the older answer while it computes a newer one once the kept one is no longer fresh', async () => {
    const cache = new ViewCache<number>();
    cache.set(companyA, 'count', 1, Date.now() - 6_000);
    expect(cache.get(companyA, 'count')).toBeUndefined();
    let release: (value: number) => void = () => {};
    const compute = () => new Promise<number>((resolve) => (release = resolve));
    expect(await cache.through(companyA, 'count', compute)).toBe(1);
    expect(await cache.through(companyA, 'count', compute)).toBe(1);
    release(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.through(companyA, 'count', compute)).toBe(2);
  });
});
