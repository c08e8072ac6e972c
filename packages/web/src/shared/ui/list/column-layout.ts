import type { ReactNode } from 'react';
import type { ColumnChoice } from './column-choice.js';
import { DEFAULT_FIT_WIDTH, DEFAULT_PRIORITY, type FitSpec, fitColumns } from './column-fit.js';
import { ACTIONS_KEY, columnId, type ListColumn, type ListColumns } from './columns.js';

export interface PlacedColumn<T> {
  id: string;
  column: ListColumn<T>;
}

/** The room antd gives the expand-icon column and the row-selection column. */
export const EXPAND_WIDTH = 48;
export const SELECTION_WIDTH = 48;

/** A column's name for the picker and the expanded row: its title, else its id. */
export const columnTitle = <T>(column: ListColumn<T>, id: string): ReactNode =>
  typeof column.title === 'function' || column.title === undefined ? id : column.title;

/** A table's columns in three parts: the key (the first, always shown), the ones the user arranges, the actions. */
export function splitColumns<T>(columns: ListColumns<T>) {
  const placed = columns.map((column, index) => ({ id: columnId(column, index), column }));
  const actions = placed.find(({ id }) => id === ACTIONS_KEY);
  const [key, ...movable] = placed.filter((entry) => entry !== actions);
  return { key, actions, movable };
}

const specOf = <T>({ id, column }: PlacedColumn<T>, always: boolean): FitSpec => ({
  id,
  priority: always ? 1 : (column.priority ?? DEFAULT_PRIORITY),
  width: column.fitWidth ?? DEFAULT_FIT_WIDTH,
});

export interface LaidOut<T> {
  /** In the table, in the user's order: key first, actions last. */
  shown: PlacedColumn<T>[];
  /** Left out (no room, or switched off), in the user's order: their values go in the row's expanded part. */
  hidden: PlacedColumn<T>[];
  /** How many shown columns may still give way when the table measures wider than its estimates. */
  droppable: number;
  /** How many left-out columns (for room, not switched off) may still show when the table measures narrower. */
  growable: number;
  /**
   * The width the key column wraps to when even key and actions alone are wider than the table (a phone): its text
   * breaks onto more lines instead of the row scrolling sideways. Undefined when it has its room.
   */
  keyWidth?: number;
}

/** The narrowest a wrapped key column gets: a plate or a short name still reads on a line. */
export const MIN_KEY_WIDTH = 96;

/**
 * Lays a table's columns out for `width` px: the user's order and choice, then what fits by priority. The expand
 * column only takes room when something is left out.
 */
export function layColumns<T>(
  columns: ListColumns<T>,
  choice: ColumnChoice,
  width: number,
  { adjust = 0, selection = false }: { adjust?: number; selection?: boolean } = {},
): LaidOut<T> {
  const { key, actions, movable } = splitColumns(columns);
  const byId = new Map(movable.map((entry) => [entry.id, entry]));
  const ordered = choice.order.flatMap((id) => byId.get(id) ?? []);
  const chosen = ordered.filter(({ id }) => !choice.hidden.includes(id));
  const specs = [
    ...(key ? [specOf(key, true)] : []),
    ...chosen.map((entry) => specOf(entry, false)),
    ...(actions ? [specOf(actions, true)] : []),
  ];
  const room = width - (selection ? SELECTION_WIDTH : 0);
  let fit = fitColumns(specs, room, adjust);
  if (fit.size < specs.length || ordered.length > chosen.length) fit = fitColumns(specs, room - EXPAND_WIDTH, adjust);
  const optional = chosen.filter(({ id, column }) => fit.has(id) && (column.priority ?? DEFAULT_PRIORITY) > 1);
  // Only what must show beside it squeezes the key column: optional columns give way first.
  const keySpec = specs[0];
  const alongside = specs.filter((spec) => spec !== keySpec && spec.priority <= 1).reduce((sum, spec) => sum + spec.width, 0);
  const keyRoom = room - (fit.size < specs.length || ordered.length > chosen.length ? EXPAND_WIDTH : 0) - alongside;
  return {
    keyWidth: key && keySpec && keySpec.width > keyRoom ? Math.max(MIN_KEY_WIDTH, keyRoom) : undefined,
    shown: [...(key ? [key] : []), ...ordered.filter(({ id }) => fit.has(id)), ...(actions ? [actions] : [])],
    hidden: ordered.filter(({ id }) => !fit.has(id)),
    droppable: optional.length,
    growable: chosen.filter(({ id }) => !fit.has(id)).length,
  };
}
