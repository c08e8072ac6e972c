import { useSearchParams } from 'react-router';
import { numberFilter } from '../ui/list/list-params.js';

/** The id a page is opened with (`/account/edit?uid=12`), or undefined when missing or malformed. */
export function useIdParam(name: string) {
  const [search] = useSearchParams();
  return numberFilter(search.get(name) ?? undefined);
}
