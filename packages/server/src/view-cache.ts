import type { Principal } from './http/principal.js';
import { type Chain, seesEverything } from './http/scope.js';
import { NODE_CACHE_MS, TtlCache } from './ttl-cache.js';

/** The oldest answer `through` serves while it computes a newer one. */
const STALE_MS = 4 * NODE_CACHE_MS;

/**
 * Whose view of scoped data a principal has (SPEC section 6): every account of one view reads the same figures, so
 * they are counted once per view. Organisation ids are unique across kinds, so the innermost one names the view.
 */
export function viewOf(principal: Principal): string {
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
 * Answers kept per view and question for NODE_CACHE_MS: many consoles of one organisation, or one console polling,
 * read the database once. A change of a chain (over the bus, from any node) clears the views that see it; another
 * node's write that sends nothing over the bus shows within NODE_CACHE_MS (through `through`: within NODE_CACHE_MS and
 * one computation, as an older answer is served while a newer one is computed, so a slow count stalls nobody).
 */
export class ViewCache<V> {
  private readonly views = new Map<string, TtlCache<string, { value: V; at: number }>>();
  /** Counts the forgets: an answer computed across one may predate the change, so it is not kept. */
  private generation = 0;
  /** Answers being computed: callers who miss at the same moment share one computation instead of stampeding. */
  private readonly computing = new Map<string, Promise<V>>();

  constructor(private readonly perView = 200) {}

  /** The answer if it is fresh (kept less than NODE_CACHE_MS ago). */
  get(principal: Principal, key: string, now = Date.now()): V | undefined {
    const entry = this.views.get(viewOf(principal))?.get(key, now);
    return entry && now - entry.at <= NODE_CACHE_MS ? entry.value : undefined;
  }

  set(principal: Principal, key: string, value: V, now = Date.now()): void {
    const view = viewOf(principal);
    let cache = this.views.get(view);
    if (!cache) {
      cache = new TtlCache<string, { value: V; at: number }>(STALE_MS, this.perView);
      this.views.set(view, cache);
    }
    cache.set(key, { value, at: now }, now);
  }

  /**
   * The fresh answer; else an older one (at most STALE_MS old) while a newer one is computed; else `compute`'s. One
   * computation serves every caller of the view asking meanwhile.
   */
  through<T extends V>(principal: Principal, key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.views.get(viewOf(principal))?.get(key, now);
    if (entry && now - entry.at <= NODE_CACHE_MS) return Promise.resolve(entry.value as T);
    const id = `${viewOf(principal)}\u0000${key}`;
    let work = this.computing.get(id) as Promise<T> | undefined;
    if (!work) {
      const before = this.generation;
      const started: Promise<T> = compute().then(
        (value) => {
          if (this.computing.get(id) === started) this.computing.delete(id);
          if (this.generation === before) this.set(principal, key, value);
          return value;
        },
        (error: unknown) => {
          if (this.computing.get(id) === started) this.computing.delete(id);
          throw error;
        },
      );
      this.computing.set(id, started);
      work = started;
    }
    if (!entry) return work;
    // The older answer now; a failed refresh is tried again by the next caller.
    work.catch(() => {});
    return Promise.resolve(entry.value as T);
  }

  /** Something of this chain changed: the views that see it answer afresh. */
  forget(chain: Chain): void {
    this.generation++;
    // Whoever asks from now on must not join a computation that may predate the change.
    this.computing.clear();
    for (const view of ['*', `a${chain.agentId}`, `c${chain.companyId}`, `f${chain.fleetId}`]) this.views.delete(view);
  }

  forgetAll(): void {
    this.generation++;
    this.computing.clear();
    this.views.clear();
  }
}
