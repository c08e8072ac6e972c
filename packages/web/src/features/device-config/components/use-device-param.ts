import { useSearchParams } from 'react-router';
import { numberFilter } from '../../../shared/ui/list/index.js';

/** The device a configuration page is about: `?deviceId=` in its URL, so a link opens it and a tab keeps it. */
export function useDeviceParam() {
  const [search, setSearch] = useSearchParams();
  const deviceId = numberFilter(search.get('deviceId') ?? undefined);
  const setDeviceId = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('deviceId', String(next));
      return params;
    });
  return [deviceId, setDeviceId] as const;
}
