import { useSearchParams } from 'react-router';
import { numberFilter } from '../ui/list/list-params.js';

/** The id a page is opened with (`/account/edit?uid=12`), or undefined when missing or malformed. */
export function useIdParam(name: string) {
  const [search] = useSearchParams();
  return numberFilter(search.get(name) ?? undefined);
}

/**
 * An id the page keeps in its URL (the record its drawer shows, the device it is about), so a link opens it and a
 * tab keeps it: the id, and a setter that writes it, or takes it out of the URL when given undefined.
 */
export function useIdParamState(name: string) {
  const [search, setSearch] = useSearchParams();
  const id = numberFilter(search.get(name) ?? undefined);
  const setId = (next: number | undefined) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next === undefined) params.delete(name);
      else params.set(name, String(next));
      return params;
    });
  return [id, setId] as const;
}
