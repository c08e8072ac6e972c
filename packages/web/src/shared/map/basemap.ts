import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** world-atlas's `countries-*.json`: every country (Natural Earth admin 0) and all land merged into one object. */
export type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

/** The offline map's shapes, in GeoJSON (longitude first) for Leaflet. */
export interface Basemap {
  /** Land; whatever it leaves uncovered is sea (the map's own background). Its outline is the coast. */
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** Lines shared by two countries only: a country's coast is already the land's outline. */
  borders: MultiLineString;
}

/** Decodes the TopoJSON into the land to fill and the borders to stroke. */
export function decodeBasemap(topology: WorldTopology): Basemap {
  return {
    land: feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon>,
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}
