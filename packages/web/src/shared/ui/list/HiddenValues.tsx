import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { columnTitle, type PlacedColumn } from './column-layout.js';

/** The cell a column would draw for a record, as antd's table draws it: its render, else the value at its data index. */
function cellOf<T>(column: PlacedColumn<T>['column'], record: T, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  const value = path.reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], record);
  if (!column.render) return value as ReactNode;
  const drawn = column.render(value, record, index);
  // A render may answer antd's { children, props } cell object.
  return drawn !== null && typeof drawn === 'object' && 'children' in drawn && 'props' in drawn ? drawn.children : drawn;
}

/** A row's expanded part: the values of the columns the table left out (no room, or switched off), as label: value. */
export function HiddenValues<T>({ columns, record, index }: { columns: PlacedColumn<T>[]; record: T; index: number }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
      data-testid="hidden-values"
      items={columns.map(({ id, column }) => ({
        key: id,
        label: columnTitle(column, id),
        children: cellOf(column, record, index) ?? '—',
      }))}
    />
  );
}
