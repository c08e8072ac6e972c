import { useState } from 'react';

/** A table's page inside a tab or a drawer: kept in the component, not the URL (the page's URL names the device). */
export function useLocalPaging(limit = 10) {
  const [paging, setPaging] = useState({ page: 1, limit });
  return { ...paging, setPage: (page: number, next: number) => setPaging({ page: next === paging.limit ? page : 1, limit: next }) };
}
