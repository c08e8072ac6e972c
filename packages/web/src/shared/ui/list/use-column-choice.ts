import type { SelfInfo } from '@safety-shield/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ColumnChoice, choiceKey, parseChoice, writeChoice } from './column-choice.js';

/**
 * The signed-in account, read from the self info the route guard loaded (same query key as the auth feature's;
 * shared code does not import features). Never fetched from here.
 */
function useAccountName(): string {
  const { data } = useQuery<SelfInfo, Error, string>({
    queryKey: ['selfInfo'],
    queryFn: skipToken,
    select: (info) => info.baseInfo.username,
  });
  return data ?? '';
}

/** localStorage, or nothing where the browser refuses it (the choice then lasts as long as the page). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The user's choice of columns for a table, remembered per account and table in localStorage. */
export function useColumnChoice(tableId: string, ids: readonly string[]) {
  const key = choiceKey(useAccountName(), tableId);
  // The ids by value: a list declares its columns anew on every render.
  const idsKey = ids.join('\n');
  const stored = useMemo(() => parseChoice(storage()?.getItem(key) ?? null, idsKey ? idsKey.split('\n') : []), [key, idsKey]);
  const [changed, setChanged] = useState<{ key: string; choice: ColumnChoice }>();
  const choice = changed?.key === key ? changed.choice : stored;

  const change = (next: ColumnChoice) => {
    setChanged({ key, choice: next });
    const local = storage();
    if (local) writeChoice(local, key, next, ids);
  };
  return { choice, change };
}
