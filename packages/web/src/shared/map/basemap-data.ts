// 50m rather than 110m: the demo fleet drives in Scandinavia, where 110m loses the fjords and islands at zoom 5–8.
// A file of its own (≈230 KB gzipped, cached for a year): fetched only by a map without tiles.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { type Basemap, decodeBasemap, type WorldTopology } from './basemap.js';

let loading: Promise<Basemap> | undefined;

/** The offline map, fetched and decoded once per page; a failed fetch is tried again by the next map. */
export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`offline map: HTTP ${response.status}`);
      return response.json() as Promise<WorldTopology>;
    })
    .then(decodeBasemap);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
