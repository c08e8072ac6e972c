import { useQuery } from '@tanstack/react-query';
import { api } from '../http/api.js';
import { keptQuery } from '../http/query.js';

/**
 * The map background (`GET /v1/system/map`). Silent: a map without its configuration still works (a plain
 * background), so a failure here is not worth a toast; the page's own calls report a lost session.
 */
export const mapConfigQuery = () => ({ ...keptQuery(['system', 'map'], api.map.config), retry: false });

export const useMapConfig = () => useQuery(mapConfigQuery());
