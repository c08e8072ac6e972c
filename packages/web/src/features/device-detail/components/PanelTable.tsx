import type { Page } from '@safety-shield/contract';
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { ListTable, type ListTableProps } from '../../../shared/ui/list/index.js';
import { useLocalPaging } from './use-local-paging.js';

// biome-ignore lint/suspicious/noExplicitAny: any list's own query key (a query function takes exactly its key's type)
type PageQuery<T> = UseQueryOptions<Page<T>, Error, Page<T>, any>;

type Props<T> = Omit<ListTableProps<T>, 'list' | 'query'> & {
  /** The query of one page of the rows. */
  rows: (paging: { page: number; limit: number }) => PageQuery<T>;
  /** What the tab says above its table. */
  intro?: ReactNode;
};

/**
 * A table of a tab: its page kept in the component, not the URL (the page's URL names the device); the previous page
 * stays on screen while the next one loads; a failed load says so above it, with a retry; the tab's intro above all.
 */
export function PanelTable<T extends object>({ rows, intro, ...table }: Props<T>) {
  const list = useLocalPaging();
  const query = useQuery({ ...rows({ page: list.page, limit: list.limit }), placeholderData: keepPreviousData });
  return (
    <Flex vertical gap={12}>
      {intro}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      <ListTable<T> {...table} list={list} query={query} />
    </Flex>
  );
}
