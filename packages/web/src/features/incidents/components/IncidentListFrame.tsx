import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { ListPage } from '../../../shared/ui/list/index.js';
import { IncidentFilterBar } from './IncidentFilterBar.js';
import type { useIncidentList } from './use-incident-list.js';

interface Props {
  testId: string;
  /** The list's URL state, filters and page (`useIncidentList`). */
  incidents: ReturnType<typeof useIncidentList>;
  actions: ReactNode;
  children: ReactNode;
}

/** An incident list's page (the list, the recycle bin): the incident filters above, the page's batch actions in a wrapping row, its table. */
export function IncidentListFrame({ testId, incidents: { list, filters, query }, actions, children }: Props) {
  return (
    <ListPage
      testId={testId}
      query={query}
      list={list}
      filters={<IncidentFilterBar list={list} filters={filters} />}
      actions={
        <Flex wrap gap={8} justify="flex-end">
          {actions}
        </Flex>
      }
    >
      {children}
    </ListPage>
  );
}
