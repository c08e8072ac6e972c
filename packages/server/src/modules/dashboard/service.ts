import {
  type DashboardCandlestick,
  type DashboardFleetStatistic,
  type DashboardIncident,
  type DashboardPeriod,
  type DashboardPeriodChart,
  type DashboardRange,
  type DashboardToDay,
  isTimeZone,
} from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import type { Chain } from '../../http/scope.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';
import { ViewCache } from '../../view-cache.js';
import { upgradeFigures } from '../firmware/index.js';
import * as repo from './repo.js';
import { type Window, windowOf } from './window.js';

/**
 * The dashboard's figures (issue 7). The incident-counting answers (stat cards, range figures, charts, fleets) are kept
 * for NODE_CACHE_MS per view and question, as the incident list totals are: many consoles of one organisation, or one
 * console refreshing, count once. A new incident (from any node, over the bus) clears the views it belongs to; other
 * changes (devices going online, another node's subscription or an organisation's quota) show within NODE_CACHE_MS.
 * The status blocks are kept too: a device alert clears its views, a subscription made on this node clears them all.
 */
export class DashboardService {
  /** Each account's stored zone ('' for none or one Intl does not know: a bad value must never turn into a 500). */
  private readonly zones = new TtlCache<number, string>(NODE_CACHE_MS, 10_000);
  private readonly views = new ViewCache<unknown>();

  constructor(private readonly db: Db) {}

  /** The remote-upgrade block (issue 18): campaigns and the devices' upgrades. */
  remoteUpgrade(principal: Principal) {
    return upgradeFigures(this.db, principal);
  }

  /**
   * Issue 16, the console's one rule: the account's stored time zone decides where the caller's days begin, else the
   * browser's (`browserZone`, the console's header), else UTC. A change to the account shows within NODE_CACHE_MS.
   */
  async timeZoneOf(principal: Principal, browserZone?: string): Promise<string> {
    let stored = this.zones.get(principal.accountId);
    if (stored === undefined) {
      const [row] = await this.db.select({ timeZone: account.timeZone }).from(account).where(eq(account.id, principal.accountId));
      stored = isTimeZone(row?.timeZone) ? row.timeZone : '';
      this.zones.set(principal.accountId, stored);
    }
    return stored || browserZone || 'UTC';
  }

  private cached<T>(principal: Principal, key: string, compute: () => Promise<T>): Promise<T> {
    return this.views.through(principal, key, compute);
  }

  /** An incident or a device alert of this chain arrived: the views that count it answer afresh. */
  forget(chain: Chain): void {
    this.views.forget(chain);
  }

  /** Quotas changed (a subscription here): every view answers afresh. */
  forgetAll(): void {
    this.views.forgetAll();
  }

  private async window(principal: Principal, range: DashboardRange, browserZone: string | undefined): Promise<Window> {
    return windowOf(await this.timeZoneOf(principal, browserZone), range);
  }

  private static windowOut(w: Window) {
    return { from: w.from.getTime(), to: w.to.getTime(), timeZone: w.timeZone };
  }

  async toDay(principal: Principal, browserZone?: string): Promise<DashboardToDay> {
    const w = await this.window(principal, 'today', browserZone);
    return this.cached(principal, `toDay:${w.timeZone}:${w.today.getTime()}`, async () => ({
      ...(await repo.toDay(this.db, principal, w)),
      timeZone: w.timeZone,
    }));
  }

  maintenance(principal: Principal) {
    return this.cached(principal, 'maintenance', () => repo.maintenance(this.db, principal));
  }

  async incident(principal: Principal, range: DashboardRange, browserZone?: string): Promise<DashboardIncident> {
    const w = await this.window(principal, range, browserZone);
    return this.cached(principal, `incident:${range}:${w.timeZone}`, async () => ({
      window: DashboardService.windowOut(w),
      ...(await repo.incidents(this.db, principal, w)),
    }));
  }

  quotaStatus(principal: Principal) {
    return this.cached(principal, 'quota', () => repo.quotaStatus(this.db, principal));
  }

  async period(principal: Principal, range: DashboardRange, period: DashboardPeriod, browserZone?: string): Promise<DashboardPeriodChart> {
    const w = await this.window(principal, range, browserZone);
    return this.cached(principal, `period:${range}:${period}:${w.timeZone}`, async () => ({
      window: DashboardService.windowOut(w),
      period,
      buckets: await repo.periodChart(this.db, principal, w, period),
    }));
  }

  async candlestick(principal: Principal, range: DashboardRange, browserZone?: string): Promise<DashboardCandlestick> {
    const w = await this.window(principal, range, browserZone);
    return this.cached(principal, `candle:${range}:${w.timeZone}`, async () => ({
      window: DashboardService.windowOut(w),
      days: await repo.candlesticks(this.db, principal, w),
    }));
  }

  async fleetStatistic(
    principal: Principal,
    range: DashboardRange,
    fleetId?: number,
    browserZone?: string,
  ): Promise<DashboardFleetStatistic> {
    const w = await this.window(principal, range, browserZone);
    return this.cached(principal, `fleets:${range}:${fleetId ?? ''}:${w.timeZone}`, async () => ({
      window: DashboardService.windowOut(w),
      ...(await repo.fleetStatistics(this.db, principal, w, fleetId)),
    }));
  }

  subscription(principal: Principal) {
    return this.cached(principal, 'subscription', () => repo.subscriptionState(this.db, principal));
  }
}
