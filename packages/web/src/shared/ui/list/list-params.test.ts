import { describe, expect, it } from 'vitest';
import { readFilter, readListParams, writeFilter, writeListParams } from './list-params.js';

const keys = ['name', 'state'] as const;

describe('list params in the URL', () => {
  it('defaults to page 1 and 20 a page', () => {
    expect(readListParams(new URLSearchParams(), keys)).toEqual({ page: 1, limit: 20, filters: {} });
  });

  it('reads page, a spec page size and the named filters only', () => {
    const search = new URLSearchParams('page=3&limit=50&name=%20Acme%20&other=x&state=');
    expect(readListParams(search, keys)).toEqual({ page: 3, limit: 50, filters: { name: 'Acme' } });
  });

  it('refuses a page size outside the spec list and a bad page', () => {
    expect(readListParams(new URLSearchParams('limit=7&page=-2'), keys)).toMatchObject({ page: 1, limit: 20 });
    expect(readListParams(new URLSearchParams('limit=1000&page=abc'), keys)).toMatchObject({ page: 1, limit: 20 });
  });

  it('writes only what differs from the defaults and keeps unrelated params', () => {
    const next = writeListParams(new URLSearchParams('tab=log&name=old&page=4'), keys, {
      page: 1,
      limit: 20,
      filters: { state: 'enabled' },
    });
    expect(next.toString()).toBe('tab=log&state=enabled');
    const paged = writeListParams(new URLSearchParams(), keys, { page: 2, limit: 100, filters: {} });
    expect(paged.toString()).toBe('page=2&limit=100');
  });
});

describe('filter kinds', () => {
  it('reads text as it is, an id as a positive whole number and a choice only from its set', () => {
    expect(readFilter('text', 'Acme')).toBe('Acme');
    expect(readFilter('id', '12')).toBe(12);
    expect(readFilter('id', 'abc')).toBeUndefined();
    expect(readFilter(['enabled', 'forbidden'], 'forbidden')).toBe('forbidden');
    expect(readFilter(['enabled', 'forbidden'], 'gone')).toBeUndefined();
    expect(readFilter('text', undefined)).toBeUndefined();
  });

  it('writes text trimmed and ids as text; nothing stays nothing', () => {
    expect(writeFilter(' Acme ')).toBe('Acme');
    expect(writeFilter(7)).toBe('7');
    expect(writeFilter(undefined)).toBeUndefined();
    expect(writeFilter(null)).toBeUndefined();
  });
});
