import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from '../../../shared/map/index.js';
import { type Viewport, viewportOf } from './viewport.js';

const DEBOUNCE_MS = 300;

const read = (map: L.Map): Viewport => {
  const bounds = map.getBounds();
  return viewportOf({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, map.getZoom());
};

/** Reports the map's view at once and then after each pan or zoom has settled (a drag fires many moves). */
export function ViewportWatcher({ onChange }: { onChange: (viewport: Viewport) => void }) {
  const map = useLeafletMap();
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      clearTimeout(timer);
      timer = setTimeout(() => report.current(read(map)), DEBOUNCE_MS);
    };
    report.current(read(map));
    map.on('moveend zoomend', settled);
    return () => {
      clearTimeout(timer);
      map.off('moveend zoomend', settled);
    };
  }, [map]);
  return null;
}
