import { describe, expect, it } from 'vitest';
import { queryOf, SAFETY_RANKING_ROWS, safetyLevelsOf, safetyQueryOf, tabOf } from './query.js';

describe('the Safety score tab’s query', () => {
  const filters = { tab: 'safety', range: 'today', companyId: '7', tagId: '3', type: 'collision', level: 'company', order: 'best' };

  it('keeps range, period and data source, leaves tag and type out, and takes level and order from the URL', () => {
    expect(tabOf(filters)).toBe('safety');
    expect(safetyQueryOf(queryOf(filters), filters, safetyLevelsOf('SUPER_ADMIN'))).toEqual({
      range: 'today',
      period: 'day',
      companyId: 7,
      level: 'company',
      order: 'best',
      limit: SAFETY_RANKING_ROWS,
    });
  });

  it('ranks companies only for a role that sees several, vehicles when the URL names none it may use', () => {
    expect(safetyLevelsOf('COMPANY_ADMIN')).toEqual(['vehicle', 'fleet']);
    expect(safetyQueryOf(queryOf(filters), filters, safetyLevelsOf('COMPANY_ADMIN'))).toMatchObject({ level: 'vehicle' });
    expect(safetyQueryOf(queryOf({}), { order: 'sideways' }, safetyLevelsOf('FLEET_ADMIN'))).toMatchObject({ order: 'worst' });
    expect(tabOf({ tab: 'elsewhere' })).toBe('overview');
  });
});
