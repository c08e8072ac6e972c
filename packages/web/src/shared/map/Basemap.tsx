import L from 'leaflet';
import { useEffect, useState } from 'react';
import type { Basemap as BasemapShapes } from './basemap.js';
import type { BasemapColours } from './basemap-colours.js';
import { useLeafletMap } from './map-context.js';

const PANE = 'ss-basemap';
/** Natural Earth is public domain; naming it is the courtesy its terms ask for. */
const ATTRIBUTION = 'Natural Earth';

/**
 * Land, coasts and country borders from Natural Earth, drawn when there are no tiles. The data (and the TopoJSON
 * decoder) load only here, so a console with tiles never downloads them.
 */
export function Basemap({ colours }: { colours: BasemapColours }) {
  const map = useLeafletMap();
  const [shapes, setShapes] = useState<BasemapShapes>();
  useEffect(() => {
    let mounted = true;
    import('./basemap-data.js')
      .then(({ loadBasemap }) => loadBasemap())
      .then((loaded) => mounted && setShapes(loaded))
      // Without the data the sea colour and the grid remain: still a usable map, so no error to show.
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, []);

  const { land, coast, border } = colours;
  useEffect(() => {
    if (!shapes) return;
    // Its own pane under the grid (250) and the overlays (400); one canvas draws ~100 000 points faster than SVG.
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = '150';
    pane.style.pointerEvents = 'none';
    pane.dataset.testid = 'map-basemap';
    const renderer = L.canvas({ pane: PANE, padding: 0.5 });
    const common = { renderer, pane: PANE, interactive: false } as const;
    const landLayer = L.geoJSON(shapes.land, {
      ...common,
      attribution: ATTRIBUTION,
      style: { fillColor: land, fillOpacity: 1, color: coast, weight: 1, opacity: 1 },
    });
    const borderLayer = L.geoJSON(shapes.borders, { ...common, style: { color: border, weight: 1, opacity: 1, dashArray: '4 3' } });
    const group = L.layerGroup([landLayer, borderLayer]).addTo(map);
    pane.dataset.features = String(shapes.land.features.length + shapes.borders.coordinates.length);
    return () => {
      group.remove();
      renderer.remove();
      delete pane.dataset.features;
    };
  }, [map, shapes, land, coast, border]);
  return null;
}
