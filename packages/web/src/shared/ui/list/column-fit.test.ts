import { describe, expect, it } from 'vitest';
import { fitColumns } from './column-fit.js';

const specs = [
  { id: 'key', priority: 1, width: 200 },
  { id: 'name', priority: 3, width: 100 },
  { id: 'plate', priority: 2, width: 100 },
  { id: 'state', priority: 2, width: 100 },
  { id: 'iccid', priority: 4, width: 200 },
  { id: 'actions', priority: 1, width: 100 },
];

describe('which columns fit a width', () => {
  it('shows every column when the width holds them all', () => {
    expect([...fitColumns(specs, 800)].sort()).toEqual(['actions', 'iccid', 'key', 'name', 'plate', 'state']);
  });

  it('fills the room by priority, ties in declared order', () => {
    expect(fitColumns(specs, 500)).toEqual(new Set(['key', 'actions', 'plate', 'state']));
    expect(fitColumns(specs, 400)).toEqual(new Set(['key', 'actions', 'plate']));
  });

  it('never shows a less important column while a more important one is left out', () => {
    // 150 px more than key and actions: iccid (200) does not fit, and name (100) would, but it ranks below.
    const wide = [
      { id: 'key', priority: 1, width: 200 },
      { id: 'iccid', priority: 2, width: 200 },
      { id: 'dbm', priority: 3, width: 50 },
    ];
    expect(fitColumns(wide, 350)).toEqual(new Set(['key']));
  });

  it('keeps the always-shown columns even when they alone are wider than the room', () => {
    expect(fitColumns(specs, 100)).toEqual(new Set(['key', 'actions']));
  });

  it('gives way one more column for each step down, least important first', () => {
    expect(fitColumns(specs, 800, -1)).toEqual(new Set(['key', 'actions', 'plate', 'state', 'name']));
    expect(fitColumns(specs, 800, -3)).toEqual(new Set(['key', 'actions', 'plate']));
    expect(fitColumns(specs, 800, -10)).toEqual(new Set(['key', 'actions']));
  });

  it('shows one more column for each step up, most important first', () => {
    expect(fitColumns(specs, 400, 1)).toEqual(new Set(['key', 'actions', 'plate', 'state']));
    expect(fitColumns(specs, 400, 2)).toEqual(new Set(['key', 'actions', 'plate', 'state', 'name']));
    expect(fitColumns(specs, 400, 10)).toEqual(new Set(specs.map(({ id }) => id)));
  });
});
