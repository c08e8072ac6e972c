import { theme } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Basemap } from './Basemap.js';
import { basemapColours } from './basemap-colours.js';
import { Graticule } from './Graticule.js';
import { useMapConfig } from './get-map-config.js';
import './icons.js';
import { MapContext } from './map-context.js';
import { OfflineNotice, type TilesOff } from './OfflineNotice.js';
import { readerScale } from './scale.js';
import './map.css';

interface MapViewProps {
  /** Where the map starts; layers usually move it (fit a trail, follow a vehicle). */
  center?: L.LatLngExpression;
  zoom?: number;
  height?: CSSProperties['height'];
  /** Read out for the map region. */
  label: string;
  /** Layer components (they draw into the map) and overlays (absolutely placed over it). */
  children?: ReactNode;
  'data-testid'?: string;
}

const WORLD: L.LatLngExpression = [20, 0];

/**
 * A Leaflet map with the portal's background: tiles from `GET /v1/system/map`, else (no tile URL, or the tile
 * server cannot be reached) the offline map (Natural Earth land and borders, a latitude/longitude grid) and a
 * notice saying so, so the map works without the internet.
 */
export function MapView({ center = WORLD, zoom = 2, height = 420, label, children, ...rest }: MapViewProps) {
  const container = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const background = useTiles(map);
  const tilesUsable = background === 'tiles';
  const colours = basemapColours(theme.useToken().token);
  const { i18n } = useTranslation();
  const scale = useRef<ReturnType<typeof readerScale> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; `center` and `zoom` are only where it starts
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = L.map(element, { center, zoom, worldCopyJump: true, attributionControl: true });
    instance.attributionControl.setPrefix(false);
    scale.current = readerScale();
    scale.current.control.addTo(instance);
    // A cached view is taken out of the document while hidden, a drawer opens with an animation: measure again
    // whenever the box changes, or Leaflet keeps the size it saw first (often 0×0).
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(element);
    setMap(instance);
    return () => {
      observer.disconnect();
      instance.remove();
      setMap(null);
    };
  }, []);

  // The scale's units and digits follow the console's language.
  useEffect(() => {
    if (map && i18n.language) scale.current?.relabel();
  }, [map, i18n.language]);

  return (
    <div
      className={tilesUsable ? 'ss-map-frame' : 'ss-map-frame ss-map-plain'}
      style={{ height, '--ss-map-sea': colours.sea } as CSSProperties}
      data-testid={rest['data-testid']}
    >
      {/* Leaflet adds its own classes to this element: React must never re-render its className. */}
      <section ref={container} className="ss-map" aria-label={label} />
      {map && (
        <MapContext.Provider value={map}>
          {(background === 'off' || background === 'unreachable') && (
            <>
              <Basemap colours={colours} />
              <OfflineNotice reason={background} />
            </>
          )}
          {!tilesUsable && <Graticule colour={colours.grid} />}
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}

/**
 * Adds the configured tile layer. Answers what the map stands on: tiles, none configured ('off'), a tile server none
 * of whose tiles loaded ('unreachable'), or 'pending' while the configuration is on its way (the grid only: the
 * offline map is not worth fetching for a console that has tiles).
 */
function useTiles(map: L.Map | null): 'pending' | 'tiles' | TilesOff {
  const { data: config, isPending } = useMapConfig();
  const tileUrl = config?.tileUrl ?? null;
  const [failing, setFailing] = useState(false);
  useEffect(() => {
    if (!map || !tileUrl) return;
    setFailing(false);
    let loaded = false;
    const layer = L.tileLayer(tileUrl, { attribution: config?.attribution ?? '', maxZoom: 19 });
    layer.on('tileload', () => {
      loaded = true;
      setFailing(false);
    });
    // An unreachable tile server (none of its tiles ever loaded): drop the layer, so it stops asking at every
    // pan, and draw the offline map instead of a grey void.
    layer.on('tileerror', () => {
      if (loaded) return;
      setFailing(true);
      layer.remove();
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl, config?.attribution]);
  if (isPending) return 'pending';
  if (!tileUrl) return 'off';
  return failing ? 'unreachable' : 'tiles';
}
