/**
 * How long a node trusts its copy of shared state (sessions, user info, list totals, terms, maintenance) before reading
 * the database again: the window in which another node's write may go unseen (docs/decisions.md).
 */
export const NODE_CACHE_MS = 5_000;

/**
 * A bounded per-node cache whose entries are trusted for `ttlMs`, so hot reads stay off the database.
 * Another node's write is seen after at most `ttlMs` (until the cross-node bus invalidates at once).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    // Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.max && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: now });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
