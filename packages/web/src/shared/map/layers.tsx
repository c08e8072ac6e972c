import L from 'leaflet';
import { type DependencyList, useEffect, useRef } from 'react';
import { headingIcon } from './icons.js';
import { useLeafletMap } from './map-context.js';

export type LatLng = [number, number];

/** False for a map that has been removed (a view hidden by the tab bar's cache remakes its map when shown again). */
const alive = (map: L.Map) => Boolean(map.getPane('mapPane'));

/** Adds the layer a factory makes while the component is mounted; a new layer when `deps` change. */
export function useMapLayer<T extends L.Layer>(factory: () => T | undefined, deps: DependencyList): React.RefObject<T | undefined> {
  const map = useLeafletMap();
  const layer = useRef<T | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps describe the layer
  useEffect(() => {
    if (!alive(map)) return;
    const made = factory();
    if (!made) return;
    made.addTo(map);
    layer.current = made;
    return () => {
      made.remove();
      if (layer.current === made) layer.current = undefined;
    };
  }, [map, ...deps]);
  return layer;
}

/** A tooltip as text: Leaflet would take a string as HTML. */
export function textTooltip(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

export function Polyline({ positions, colour, weight = 4 }: { positions: readonly LatLng[]; colour: string; weight?: number }) {
  useMapLayer(
    () => (positions.length > 1 ? L.polyline([...positions], { color: colour, weight, opacity: 0.85 }) : undefined),
    [positions, colour, weight],
  );
  return null;
}

interface MarkerProps {
  position: LatLng;
  /** Leaflet's pin when absent. */
  icon?: L.Icon | L.DivIcon;
  tooltip?: string;
  onClick?: () => void;
  zIndexOffset?: number;
}

export function Marker({ position, icon, tooltip, onClick, zIndexOffset = 0 }: MarkerProps) {
  const click = useRef(onClick);
  click.current = onClick;
  const [lat, lng] = position;
  useMapLayer(() => {
    // A marker that does something is a button (reached by Tab): its tooltip's text is its name as well.
    const marker = L.marker([lat, lng], {
      ...(icon ? { icon } : {}),
      zIndexOffset,
      keyboard: Boolean(onClick),
      title: onClick ? (tooltip ?? '') : '',
    });
    if (tooltip) marker.bindTooltip(textTooltip(tooltip));
    marker.on('click', () => click.current?.());
    return marker;
  }, [lat, lng, icon, tooltip, zIndexOffset]);
  return null;
}

interface HeadingMarkerProps {
  position: LatLng;
  /** Degrees clockwise from north. */
  heading: number;
  colour?: string;
  tooltip?: string;
}

/**
 * A vehicle: an arrow turned to its heading. Made once and then only moved and turned, so a playback can update it
 * every frame without rebuilding the marker.
 */
export function HeadingMarker({ position, heading, colour = '#1677ff', tooltip }: HeadingMarkerProps) {
  // Not a control (its label is always shown): no button role or tab stop.
  const marker = useMapLayer(
    () => L.marker([position[0], position[1]], { icon: headingIcon(colour), zIndexOffset: 1000, keyboard: false }),
    [colour],
  );
  const labelled = useRef<{ marker?: L.Marker; text?: string | undefined }>({});
  const [lat, lng] = position;
  // After every render: cheap setters on the one marker, never a new one.
  useEffect(() => {
    const current = marker.current;
    if (!current) return;
    current.setLatLng([lat, lng]);
    const arrow = current.getElement()?.querySelector<HTMLElement>('.ss-heading-arrow');
    if (arrow) arrow.style.transform = `rotate(${heading}deg)`;
    if (labelled.current.marker !== current || labelled.current.text !== tooltip) {
      labelled.current = { marker: current, text: tooltip };
      current.unbindTooltip();
      if (tooltip) current.bindTooltip(textTooltip(tooltip), { permanent: true, direction: 'right', offset: [8, 0] });
    }
  });
  return null;
}

/** Fits the view to the points whenever another set of points arrives. */
export function FitBounds({ points, maxZoom = 16 }: { points: readonly LatLng[]; maxZoom?: number }) {
  const map = useLeafletMap();
  useEffect(() => {
    const [only] = points;
    if (!alive(map) || !only) return;
    if (points.length === 1) map.setView(only, maxZoom);
    else map.fitBounds(L.latLngBounds([...points]), { padding: [24, 24], maxZoom });
  }, [map, points, maxZoom]);
  return null;
}

/** Keeps a position in view: centres on it the first time (at `zoom`), then pans as it moves while `enabled`. */
export function FollowPosition({ position, enabled, zoom = 15 }: { position: LatLng | null; enabled: boolean; zoom?: number }) {
  const map = useLeafletMap();
  const centred = useRef<L.Map | null>(null);
  const lat = position?.[0];
  const lng = position?.[1];
  useEffect(() => {
    if (!alive(map) || lat === undefined || lng === undefined) return;
    if (centred.current !== map) {
      centred.current = map;
      map.setView([lat, lng], zoom);
    } else if (enabled) map.panTo([lat, lng], { animate: true });
  }, [map, lat, lng, enabled, zoom]);
  return null;
}
