import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { mapConfigQuery } from '../../../shared/map/get-map-config.js';

/** Evidence URLs live ten minutes: ask again well before they stop opening. */
const REFRESH_MS = 5 * 60_000;

/**
 * The incidents a share link grants (no session). Silent: the page shows an invalid or expired link itself, and a
 * token failure here is no lost console session.
 */
export const publicIncidentsQuery = (token: string) =>
  queryOptions({
    queryKey: ['public-incidents', token],
    queryFn: async ({ client }) => {
      const list = await api.share.publicList({ token }, { silent: true });
      // The map background comes with the list: without a session the map configuration call answers nothing.
      client.setQueryData(mapConfigQuery().queryKey, list.map);
      return list;
    },
    retry: false,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: false,
  });

export const usePublicIncidents = (token: string | null) => useQuery({ ...publicIncidentsQuery(token ?? ''), enabled: !!token });
