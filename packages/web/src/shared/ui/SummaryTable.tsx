import { Empty, Table, type TableProps } from 'antd';

type Props<T> = Omit<TableProps<T>, 'size' | 'locale'> & {
  /** What the table says when there are no rows. */
  empty: string;
};

/** A small table of figures inside a card: every row on one page unless told otherwise, a quiet picture when empty. */
export function SummaryTable<T extends object>({ empty, pagination = false, ...table }: Props<T>) {
  return (
    <Table<T>
      size="small"
      pagination={pagination}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      {...table}
    />
  );
}
