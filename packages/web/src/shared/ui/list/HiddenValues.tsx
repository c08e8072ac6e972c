import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { columnTitle, type PlacedColumn } from './column-layout.js';

/** What drawing a cell needs of a column (antd's column types are a union too wide to narrow cheaply). */
interface CellSource<T> {
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, record: T, index: number) => unknown;
}

/** The cell a column would draw for a record, as antd's table draws it: its render, else the value at its data index. */
function cellOf<T>(column: PlacedColumn<T>['column'], record: T, index: number): ReactNode {
  const { dataIndex, render } = column as CellSource<T>;
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  const value = path.reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], record);
  const drawn = render ? render(value, record, index) : value;
  // A render may answer antd's { children, props } cell object.
  const cell = drawn !== null && typeof drawn === 'object' && 'children' in drawn && 'props' in drawn ? drawn.children : drawn;
  return cell as ReactNode;
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
