import type { Page } from '@safety-shield/contract';
import { Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnPicker } from './ColumnPicker.js';
import { DEFAULT_FIT_WIDTH } from './column-fit.js';
import type { ListColumn, ListColumns } from './columns.js';
import { HiddenValues } from './HiddenValues.js';
import './list.css';
import { listPagination } from './pagination.js';
import { useFittedColumns } from './use-fitted-columns.js';
import type { ListParamsApi } from './use-list-params.js';

/** How far below its estimate a column may be squeezed. */
const MIN_WIDTH_SHARE = 0.8;

export interface ListTableProps<T> {
  /** The table's name in the remembered column choice (the list's test id or route). */
  tableId: string;
  rowKey: keyof T & string;
  columns: ListColumns<T>;
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>;
  query: { data?: Page<T> | undefined; isFetching: boolean };
  /** Rows the user can tick, for a batch action above the table. */
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: TableProps<T>['onRow'];
  testId?: string;
}

/**
 * antd draws every header title a second time in a hidden measuring row (aria-hidden): a control there is a second,
 * focusable copy hidden from screen readers (axe: aria-hidden-focus). The column settings are left out of it.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : children;
}

/** The select-all checkbox is a header title too: kept out of the measuring row like the column settings. */
function withSelectAllOutsideMeasureRow<T>(selection: NonNullable<TableProps<T>['rowSelection']>): TableProps<T>['rowSelection'] {
  const { columnTitle } = selection;
  return {
    ...selection,
    columnTitle: (checkbox: ReactNode) => (
      <OutsideMeasureRow>{typeof columnTitle === 'function' ? columnTitle(checkbox) : (columnTitle ?? checkbox)}</OutsideMeasureRow>
    ),
  };
}

/** The actions column's header with the column settings beside it; a table without actions gets a column for them. */
function withPicker<T>(actions: ListColumn<T> | undefined, settings: ReactNode): ListColumn<T> {
  const picker = <OutsideMeasureRow>{settings}</OutsideMeasureRow>;
  if (!actions) return { key: 'column-settings', title: picker, fixed: 'right', width: 48, render: () => null };
  return {
    ...actions,
    title: (
      <Flex align="center" justify="space-between" gap={4}>
        {typeof actions.title === 'function' ? null : actions.title}
        {picker}
      </Flex>
    ),
  };
}

/**
 * A list's table: the page the query loaded, its loading state, the spec's pagination bound to the URL; the columns
 * that fit the table's width in the user's order, the others in each row's expanded part (issue 16).
 */
export function ListTable<T extends object>({ tableId, rowKey, columns, list, query, rowSelection, onRow, testId }: ListTableProps<T>) {
  const { t } = useTranslation();
  const { containerRef, laid, parts, choice, change } = useFittedColumns(tableId, columns, rowSelection !== undefined);
  const picker = <ColumnPicker keyColumn={parts.key} movable={parts.movable} choice={choice} onChange={change} />;
  const shown: TableColumnsType<T> = laid.shown.map(({ id, column }) => {
    // Only antd's own fields reach the table.
    const { priority: _priority, fitWidth, ...antd } = column;
    if (id === parts.key?.id && laid.keyWidth !== undefined)
      return { ...antd, width: laid.keyWidth, minWidth: laid.keyWidth, className: 'list-key-wrapped' };
    if (id === parts.actions?.id) return withPicker(antd, picker);
    // A floor under each column: squeezed below it the table scrolls, and the fit gives the column's room away
    // instead (without one, wrapping cells would let every column in, each too narrow to read).
    return { minWidth: Math.round(MIN_WIDTH_SHARE * (fitWidth ?? DEFAULT_FIT_WIDTH)), ...antd };
  });
  if (!parts.actions) shown.push(withPicker<T>(undefined, picker));
  const hidden = laid.hidden;

  return (
    <div ref={containerRef} className="list-table" data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={shown}
        dataSource={query.data?.records}
        loading={query.isFetching}
        pagination={listPagination(list, query.data?.total, t)}
        scroll={{ x: 'max-content' }}
        rowSelection={rowSelection && withSelectAllOutsideMeasureRow(rowSelection)}
        onRow={onRow}
        expandable={
          hidden.length > 0
            ? { expandedRowRender: (record, index) => <HiddenValues columns={hidden} record={record} index={index} /> }
            : undefined
        }
      />
    </div>
  );
}
