/** The user's choice of columns for one table: their order and the ones switched off (issue 16). */
export interface ColumnChoice {
  order: string[];
  hidden: string[];
}

/** Where a table's choice is kept: per account, per table. */
export const choiceKey = (account: string, table: string) => `safety-shield-columns:${account}:${table}`;

export const defaultChoice = (ids: readonly string[]): ColumnChoice => ({ order: [...ids], hidden: [] });

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A stored choice against the table's columns today: a column that no longer exists is ignored, a new one takes its
 * declared place (after the column declared before it), and anything unreadable gives the default.
 */
export function parseChoice(raw: string | null, ids: readonly string[]): ColumnChoice {
  let stored: unknown;
  try {
    stored = raw === null ? undefined : JSON.parse(raw);
  } catch {
    stored = undefined;
  }
  const candidate = stored as Partial<ColumnChoice> | undefined;
  if (!candidate || !isStringList(candidate.order) || !isStringList(candidate.hidden)) return defaultChoice(ids);
  const known = new Set(ids);
  const order = [...new Set(candidate.order)].filter((id) => known.has(id));
  ids.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = ids.slice(0, index).findLast((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  return { order, hidden: candidate.hidden.filter((id) => known.has(id)) };
}

export const readChoice = (storage: Pick<Storage, 'getItem'>, key: string, ids: readonly string[]) =>
  parseChoice(storage.getItem(key), ids);

/** Keeps a choice; the default one is not kept, so a later change of the declared columns reaches the user. */
export function writeChoice(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, choice: ColumnChoice, ids: readonly string[]) {
  const isDefault = choice.hidden.length === 0 && choice.order.every((id, index) => id === ids[index]);
  if (isDefault) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(choice));
}

/** Moves a column one place up (-1) or down (+1); at either end nothing changes. */
export function moveColumn(choice: ColumnChoice, id: string, by: -1 | 1): ColumnChoice {
  const from = choice.order.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= choice.order.length) return choice;
  const order = [...choice.order];
  [order[from], order[to]] = [order[to] as string, order[from] as string];
  return { ...choice, order };
}

export function showColumn(choice: ColumnChoice, id: string, shown: boolean): ColumnChoice {
  const hidden = choice.hidden.filter((other) => other !== id);
  return { ...choice, hidden: shown ? hidden : [...hidden, id] };
}
