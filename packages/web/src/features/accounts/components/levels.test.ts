import { describe, expect, it } from 'vitest';
import { levelsFor } from './levels.js';

describe('levelsFor', () => {
  it('offers the levels whose register endpoint the role may call, from the top of the chain', () => {
    expect(levelsFor('SUPER_ADMIN')).toEqual(['agent', 'company', 'fleet', 'site', 'normal', 'assistant']);
    expect(levelsFor('AGENT_ADMIN')).toEqual(['company', 'fleet', 'site', 'normal']);
    expect(levelsFor('COMPANY_ADMIN')).toEqual(['fleet', 'site', 'normal']);
    expect(levelsFor('FLEET_ADMIN')).toEqual(['site', 'normal']);
  });

  it('offers none to a role that registers nobody, or before the user info has loaded', () => {
    expect(levelsFor('SITE_ADMIN')).toEqual([]);
    expect(levelsFor('SUPER_ASSISTANT')).toEqual([]);
    expect(levelsFor(undefined)).toEqual([]);
  });
});
