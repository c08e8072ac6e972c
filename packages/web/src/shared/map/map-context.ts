import type L from 'leaflet';
import { createContext, useContext } from 'react';

export const MapContext = createContext<L.Map | null>(null);

/** The Leaflet map of the nearest MapView; layer components add themselves to it. */
export function useLeafletMap(): L.Map {
  const map = useContext(MapContext);
  if (!map) throw new Error('useLeafletMap outside a MapView');
  return map;
}
