import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/ttl-cache.js';

describe('TtlCache', () => {
  it('answers an entry until its time is up, then forgets it', () => {
    const cache = new TtlCache<string, number>(1_000);
    cache.set('a', 1, 0);
    expect(cache.get('a', 1_000)).toBe(1);
    expect(cache.get('a', 1_001)).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = new TtlCache<string, number>(1_000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([undefined, 2, 3]);
  });
});
