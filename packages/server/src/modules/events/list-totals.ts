import type { Principal } from '../../http/principal.js';
import type { Chain } from '../../http/scope.js';
import { seesEverything } from '../../http/scope.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';

/** Whose view of the incidents a principal has: one cache per view, so an arrival clears only the views it is in. */
function viewOf(principal: Principal): string {
  if (seesEverything(principal)) return '*';
  switch (principal.role) {
    case 'AGENT_ADMIN':
      return `a${principal.agentId}`;
    case 'COMPANY_ADMIN':
      return `c${principal.companyId}`;
    case 'FLEET_ADMIN':
      return `f${principal.fleetId}`;
    default:
      return '-';
  }
}

/**
 * Incident list totals per view and filters: paging through the list, or many consoles of one company watching it,
 * do not count it again. A new incident (from any node, over the bus) clears the views it belongs to; a review or a
 * move to or from the recycle bin here clears all; another node's review shows within NODE_CACHE_MS.
 */
export class IncidentTotals {
  private readonly views = new Map<string, TtlCache<string, number>>();

  get(principal: Principal, filters: unknown): number | undefined {
    return this.views.get(viewOf(principal))?.get(JSON.stringify(filters));
  }

  set(principal: Principal, filters: unknown, total: number): void {
    const view = viewOf(principal);
    let cache = this.views.get(view);
    if (!cache) {
      cache = new TtlCache<string, number>(NODE_CACHE_MS, 100);
      this.views.set(view, cache);
    }
    cache.set(JSON.stringify(filters), total);
  }

  /** An incident of this chain came or went. */
  forget(chain: Chain): void {
    for (const view of ['*', `a${chain.agentId}`, `c${chain.companyId}`, `f${chain.fleetId}`]) this.views.delete(view);
  }

  forgetAll(): void {
    this.views.clear();
  }
}
