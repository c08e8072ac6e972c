import type { IncidentRecord, Page } from '@safety-shield/contract';
import { Table, type TableColumnsType } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListParamsApi, listPagination } from '../../../shared/ui/list/index.js';

interface Props {
  columns: TableColumnsType<IncidentRecord>;
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>;
  query: { data?: Page<IncidentRecord> | undefined; isFetching: boolean };
  selected: number[];
  onSelect(eventIds: number[]): void;
  /** A click on a row (not on its links or buttons). */
  onOpen?: (record: IncidentRecord) => void;
  testId: string;
}

/** A page of incidents with row selection for the batch actions and the spec's pagination bound to the URL. */
export function EventTable({ columns, list, query, selected, onSelect, onOpen, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Table<IncidentRecord>
      rowKey="eventId"
      size="middle"
      data-testid={testId}
      columns={columns}
      dataSource={query.data?.records}
      loading={query.isFetching}
      pagination={listPagination(list, query.data?.total, t)}
      scroll={{ x: 'max-content' }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys: Key[]) => onSelect(keys.map(Number)), preserveSelectedRowKeys: false }}
      onRow={(record) => ({ onClick: () => onOpen?.(record), style: onOpen ? { cursor: 'pointer' } : undefined })}
    />
  );
}
