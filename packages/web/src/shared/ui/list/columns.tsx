import { Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** A list's actions column: last, kept in view when the table scrolls sideways, a row's buttons side by side. */
export function actionsColumn<T>(title: string, render: (record: T) => ReactNode): TableColumnType<T> {
  return { title, key: 'actions', fixed: 'right', render: (_: unknown, record: T) => <Space size={0}>{render(record)}</Space> };
}
