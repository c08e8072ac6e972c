import type { Page } from '@safety-shield/contract';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { listPagination } from './pagination.js';
import type { ListParamsApi } from './use-list-params.js';

interface Props<T> {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>;
  query: { data?: Page<T> | undefined; isFetching: boolean };
  /** Rows the user can tick, for a batch action above the table. */
  rowSelection?: TableProps<T>['rowSelection'];
}

/** A list's table: the page the query loaded, its loading state, and the spec's pagination bound to the URL. */
export function ListTable<T extends object>({ rowKey, columns, list, query, rowSelection }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      columns={columns}
      dataSource={query.data?.records}
      loading={query.isFetching}
      pagination={listPagination(list, query.data?.total, t)}
      scroll={{ x: 'max-content' }}
      rowSelection={rowSelection}
    />
  );
}
