import type { IncidentRecord, Page } from '@safety-shield/contract';
import type { Key } from 'react';
import { type ListColumns, type ListParamsApi, ListTable } from '../../../shared/ui/list/index.js';

interface Props {
  columns: ListColumns<IncidentRecord>;
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>;
  query: { data?: Page<IncidentRecord> | undefined; isFetching: boolean };
  selected: number[];
  onSelect(eventIds: number[]): void;
  /** A click on a row (not on its links or buttons). */
  onOpen?: (record: IncidentRecord) => void;
  /** Also the table's name in the remembered column choice. */
  testId: string;
}

/** A page of incidents with row selection for the batch actions, the spec's pagination and the columns that fit. */
export function IncidentTable({ columns, list, query, selected, onSelect, onOpen, testId }: Props) {
  return (
    <ListTable<IncidentRecord>
      tableId={testId}
      testId={testId}
      rowKey="eventId"
      columns={columns}
      list={list}
      query={query}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys: Key[]) => onSelect(keys.map(Number)), preserveSelectedRowKeys: false }}
      onRow={(record) => ({ onClick: () => onOpen?.(record), style: onOpen ? { cursor: 'pointer' } : undefined })}
    />
  );
}
