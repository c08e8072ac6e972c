import type { Page } from '@safety-shield/contract';
import { Card, Flex, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadError } from '../LoadError.js';
import type { ListColumns } from './columns.js';
import { FilterBar } from './FilterBar.js';
import { ListTable } from './ListTable.js';
import type { FilterSpec } from './list-params.js';
import { type FilteredList, type ListParamsApi, useKeepPageInRange } from './use-list-params.js';

type PagedList = Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>;

type Filters =
  | {
      /** A filter bar of its own, above the table. */
      filters?: ReactNode;
      filterFields?: never;
      /** The list's page in the URL: after a delete empties the last page, it steps back to the one that now is the last. */
      list?: PagedList;
    }
  | {
      filters?: never;
      /** The fields of a list with filter kinds: they go in a filter bar bound to `list`, with Search and Reset. */
      filterFields: ReactNode;
      list: PagedList & Pick<FilteredList<FilterSpec>, 'values' | 'search' | 'resetFilters'>;
    };

type ListPageProps<T> = Filters & {
  /** Buttons on the right of the toolbar (add…). */
  actions?: ReactNode;
  /** The list's query: when it failed, the error is shown with a retry. */
  query: { isError: boolean; isFetching: boolean; refetch(): unknown; data?: Page<T> | undefined };
  /** The table's rows: their key and columns; a list that draws its own table leaves them out. */
  rowKey?: keyof T & string;
  columns?: ListColumns<T>;
  /** Rows the user can tick, for a batch action above the table. */
  rowSelection?: TableProps<T>['rowSelection'];
  /** What a row does or carries (a click that opens it, its data attributes). */
  onRow?: TableProps<T>['onRow'];
  /** The table's own test id, apart from the page's. */
  tableTestId?: string;
  /** Below the table: its dialogs and drawers, or a table of its own. */
  children?: ReactNode;
  /** Also the table's name in the remembered column choice; else the page's path. */
  testId?: string;
  /** Inside another card (a tab): no cards of its own. */
  embedded?: boolean;
};

/** The frame every list of the console shares: filters, toolbar, an error state with retry, then the table. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { actions, query, list, rowKey, columns, rowSelection, onRow, tableTestId, children, testId, embedded } = props;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useKeepPageInRange(list, query.data);
  const Frame = embedded ? Bare : Card;
  const filters = props.filterFields ? <FilterBar list={props.list}>{props.filterFields}</FilterBar> : props.filters;
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {filters && <Frame size="small">{filters}</Frame>}
      <Frame size="small">
        <Flex vertical gap={12}>
          {actions && (
            <Flex justify="flex-end" gap={8} wrap>
              {actions}
            </Flex>
          )}
          {query.isError && <LoadError title={t('list.loadError')} onRetry={() => void query.refetch()} />}
          {list && rowKey && columns && (
            <ListTable<T>
              tableId={testId ?? pathname}
              testId={tableTestId}
              rowKey={rowKey}
              columns={columns}
              list={list}
              query={query}
              rowSelection={rowSelection}
              onRow={onRow}
            />
          )}
          {children}
        </Flex>
      </Frame>
    </Flex>
  );
}

const Bare = ({ children }: { size?: string; children: ReactNode }) => <div>{children}</div>;
