import { Space, type TableColumnsType, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { formatTime } from '../format.js';

/**
 * A list's column with what the table needs to fit it to its width (issue 16). A column without a priority shows
 * as room allows, after the ranked ones; the first column (the row's key) and the actions column always show.
 */
export type ListColumn<T> = TableColumnsType<T>[number] & {
  /** 1: always shown; 2, 3, 4…: shown while the table has room, lower numbers first. */
  priority?: number;
  /** The width (px) the column takes without clipping: the estimate that decides whether it fits. */
  fitWidth?: number;
};
export type ListColumns<T> = ListColumn<T>[];

/** The key of the actions column: always shown, always last, not in the column picker. */
export const ACTIONS_KEY = 'actions';

/** A column's id for the fit and the remembered choice: its key, else its data index. */
export function columnId<T>(column: ListColumn<T>, index: number): string {
  if (column.key !== undefined) return String(column.key);
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  if (dataIndex !== undefined) return String(dataIndex);
  return `#${index}`;
}

/** A list's actions column: last, kept in view when the table scrolls sideways, a row's buttons side by side. */
export function actionsColumn<T>(title: string, render: (record: T) => ReactNode, fitWidth?: number): ListColumn<T> {
  return {
    title,
    key: ACTIONS_KEY,
    fixed: 'right',
    fitWidth,
    render: (_: unknown, record: T) => <Space size={0}>{render(record)}</Space>,
  };
}

/** The width a time column takes (YYYY-MM-DD HH:mm:ss). */
const TIME_FIT_WIDTH = 170;

/** A column of one time of the row, in the console's zone; a dash where there is none. */
export function timeColumn<T>(
  key: string,
  title: string,
  timeOf: (record: T) => number | null | undefined,
  priority?: number,
): ListColumn<T> {
  return { key, title, priority, fitWidth: TIME_FIT_WIDTH, render: (_: unknown, record: T) => formatTime(timeOf(record)) };
}

/** Why a command or an upgrade went wrong: red where the row failed (or was refused), a dash where there is no reason. */
export function reasonColumn<T>(
  title: string,
  reasonOf: (record: T) => { reason: string | null; failed: boolean },
  layout: { priority: number; fitWidth: number },
): ListColumn<T> {
  return {
    key: 'reason',
    title,
    ...layout,
    render: (_: unknown, record: T) => {
      const { reason, failed } = reasonOf(record);
      return reason ? <Typography.Text type={failed ? 'danger' : undefined}>{reason}</Typography.Text> : '—';
    },
  };
}

/** A row's `data-*` attributes (what the tests find a row by): antd's row props have no type for them. */
export const rowData = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [`data-${name}`, value])) as HTMLAttributes<HTMLElement>;
