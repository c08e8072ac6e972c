import { describe, expect, it } from 'vitest';
import { defaultChoice } from './column-choice.js';
import { EXPAND_WIDTH, layColumns, MIN_KEY_WIDTH, SELECTION_WIDTH } from './column-layout.js';
import type { ListColumns } from './columns.js';

interface Row {
  uuid: string;
  name: string;
  plate: string;
  iccid: string;
}

const columns: ListColumns<Row> = [
  { title: 'UUID', dataIndex: 'uuid', fitWidth: 200 },
  { title: 'Name', dataIndex: 'name', priority: 3, fitWidth: 100 },
  { title: 'Plate', dataIndex: 'plate', priority: 2, fitWidth: 100 },
  { title: 'ICCID', dataIndex: 'iccid', priority: 4, fitWidth: 200 },
  { title: 'Actions', key: 'actions', fitWidth: 100 },
];
const ids = ['name', 'plate', 'iccid'];
const idsOf = (placed: { id: string }[]) => placed.map(({ id }) => id);

describe('laying a list table out', () => {
  it('shows all columns without an expand column when they fit', () => {
    const laid = layColumns(columns, defaultChoice(ids), 700);
    expect(idsOf(laid.shown)).toEqual(['uuid', 'name', 'plate', 'iccid', 'actions']);
    expect(laid.hidden).toEqual([]);
  });

  it('leaves the least important out, keeps key and actions, and makes room for the expand column', () => {
    // 700 - 48 for the expand column: ICCID no longer fits once anything is left out.
    const laid = layColumns(columns, defaultChoice(ids), 699);
    expect(idsOf(laid.shown)).toEqual(['uuid', 'name', 'plate', 'actions']);
    expect(idsOf(laid.hidden)).toEqual(['iccid']);
    expect(laid.droppable).toBe(2);
    expect(idsOf(layColumns(columns, defaultChoice(ids), 300 + EXPAND_WIDTH).shown)).toEqual(['uuid', 'actions']);
  });

  it('counts the selection column', () => {
    expect(idsOf(layColumns(columns, defaultChoice(ids), 700, { selection: true }).hidden)).toEqual(['iccid']);
    expect(idsOf(layColumns(columns, defaultChoice(ids), 700 + SELECTION_WIDTH, { selection: true }).hidden)).toEqual([]);
  });

  it('follows the user order and puts switched-off columns in the expanded part', () => {
    const laid = layColumns(columns, { order: ['iccid', 'plate', 'name'], hidden: ['name'] }, 2000);
    expect(idsOf(laid.shown)).toEqual(['uuid', 'iccid', 'plate', 'actions']);
    expect(idsOf(laid.hidden)).toEqual(['name']);
  });

  it('drops shown columns when the drawn table was wider than estimated', () => {
    const laid = layColumns(columns, defaultChoice(ids), 2000, { adjust: -1 });
    expect(idsOf(laid.hidden)).toEqual(['iccid']);
    expect(laid.growable).toBe(1);
  });

  it('shows more columns when the drawn table was narrower than estimated', () => {
    expect(layColumns(columns, defaultChoice(ids), 300 + EXPAND_WIDTH).growable).toBe(3);
    const laid = layColumns(columns, defaultChoice(ids), 300 + EXPAND_WIDTH, { adjust: 2 });
    expect(idsOf(laid.shown)).toEqual(['uuid', 'name', 'plate', 'actions']);
    expect(laid.growable).toBe(1);
    // Switched off stays off, whatever the room.
    expect(layColumns(columns, { order: ids, hidden: ['iccid'] }, 300, { adjust: 5 }).growable).toBe(0);
  });

  it('wraps the key column when key and actions alone are wider than the table', () => {
    expect(layColumns(columns, defaultChoice(ids), 2000).keyWidth).toBeUndefined();
    expect(layColumns(columns, defaultChoice(ids), 300 + EXPAND_WIDTH).keyWidth).toBeUndefined();
    // 260 - 48 (expand) - 100 (actions) leaves 112 for the key column's 200.
    expect(layColumns(columns, defaultChoice(ids), 260).keyWidth).toBe(112);
    expect(layColumns(columns, defaultChoice(ids), 100).keyWidth).toBe(MIN_KEY_WIDTH);
    // Columns shown beyond the estimates (the drawn table had room) do not squeeze it.
    expect(layColumns(columns, defaultChoice(ids), 300 + EXPAND_WIDTH, { adjust: 3 }).keyWidth).toBeUndefined();
  });
});
