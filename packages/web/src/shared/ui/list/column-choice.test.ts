import { describe, expect, it } from 'vitest';
import { choiceKey, defaultChoice, moveColumn, parseChoice, readChoice, showColumn, writeChoice } from './column-choice.js';

const ids = ['name', 'plate', 'state', 'iccid'];

/** localStorage's part the choice uses, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the remembered column choice', () => {
  it('is kept per account and table', () => {
    expect(choiceKey('alice', 'device-list')).not.toEqual(choiceKey('bob', 'device-list'));
    expect(choiceKey('alice', 'device-list')).not.toEqual(choiceKey('alice', 'event-table'));
  });

  it('reads back what was written', () => {
    const storage = memoryStorage();
    const key = choiceKey('alice', 'device-list');
    const choice = { order: ['state', 'name', 'plate', 'iccid'], hidden: ['iccid'] };
    writeChoice(storage, key, choice, ids);
    expect(readChoice(storage, key, ids)).toEqual(choice);
  });

  it('keeps nothing for the default choice, so a reset forgets the stored one', () => {
    const storage = memoryStorage();
    const key = choiceKey('alice', 'device-list');
    writeChoice(storage, key, { order: ['plate', 'name', 'state', 'iccid'], hidden: [] }, ids);
    expect(storage.items.size).toBe(1);
    writeChoice(storage, key, defaultChoice(ids), ids);
    expect(storage.items.size).toBe(0);
  });

  it('gives the default for nothing stored or something unreadable', () => {
    expect(parseChoice(null, ids)).toEqual(defaultChoice(ids));
    expect(parseChoice('{not json', ids)).toEqual(defaultChoice(ids));
    expect(parseChoice('{"order":"name","hidden":[]}', ids)).toEqual(defaultChoice(ids));
    expect(parseChoice('[1,2]', ids)).toEqual(defaultChoice(ids));
  });

  it('ignores columns that no longer exist and places new ones where they are declared', () => {
    const stored = JSON.stringify({ order: ['state', 'gone', 'name', 'iccid'], hidden: ['gone', 'iccid'] });
    // plate is new to this choice: it goes after name, the column declared before it.
    expect(parseChoice(stored, ids)).toEqual({ order: ['state', 'name', 'plate', 'iccid'], hidden: ['iccid'] });
    expect(parseChoice(JSON.stringify({ order: ['iccid'], hidden: [] }), ids).order).toEqual(['name', 'plate', 'state', 'iccid']);
  });

  it('moves a column one place, and not past either end', () => {
    const choice = defaultChoice(ids);
    expect(moveColumn(choice, 'plate', -1).order).toEqual(['plate', 'name', 'state', 'iccid']);
    expect(moveColumn(choice, 'plate', 1).order).toEqual(['name', 'state', 'plate', 'iccid']);
    expect(moveColumn(choice, 'name', -1)).toBe(choice);
    expect(moveColumn(choice, 'iccid', 1)).toBe(choice);
  });

  it('switches a column off and on again', () => {
    const off = showColumn(defaultChoice(ids), 'state', false);
    expect(off.hidden).toEqual(['state']);
    expect(showColumn(off, 'state', true).hidden).toEqual([]);
  });
});
