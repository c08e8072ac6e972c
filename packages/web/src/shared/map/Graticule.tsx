import L from 'leaflet';
import { useEffect } from 'react';
import { graticuleLines, graticuleStep } from './graticule.js';
import { useLeafletMap } from './map-context.js';

const PANE = 'ss-graticule';
const LINE = { weight: 1, opacity: 0.7, interactive: false, pane: PANE } as const;

/**
 * Latitude and longitude lines over the offline map: zoomed in past its coasts (a street, a parking lot), the map
 * still shows where it is and that it moves.
 */
export function Graticule({ colour }: { colour: string }) {
  const map = useLeafletMap();
  useEffect(() => {
    // Its own pane between tiles (200) and overlays (400): routes and markers always draw above the grid.
    if (!map.getPane(PANE)) {
      const pane = map.createPane(PANE);
      pane.style.zIndex = '250';
      pane.style.pointerEvents = 'none';
    }
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      group.clearLayers();
      // Half a view more on each side, so a pan does not uncover an edge before the grid is redrawn.
      const bounds = map.getBounds().pad(0.5);
      const box = { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() };
      const step = graticuleStep(Math.min(box.north - box.south, box.east - box.west));
      const { latitudes, longitudes } = graticuleLines(box, step);
      for (const lat of latitudes)
        L.polyline(
          [
            [lat, box.west],
            [lat, box.east],
          ],
          { ...LINE, color: colour },
        ).addTo(group);
      for (const lng of longitudes)
        L.polyline(
          [
            [Math.max(box.south, -85), lng],
            [Math.min(box.north, 85), lng],
          ],
          { ...LINE, color: colour },
        ).addTo(group);
    };
    draw();
    map.on('moveend zoomend resize', draw);
    return () => {
      map.off('moveend zoomend resize', draw);
      group.remove();
    };
  }, [map, colour]);
  return null;
}
