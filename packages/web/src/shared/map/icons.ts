import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
// Vite serves these as files only when imported: Leaflet's own lookup of its image path fails in a bundle.
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

/** Leaflet's blue pin, with its images imported explicitly. */
export const pinIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

// Any marker made without an icon uses the same pin instead of looking for Leaflet's images by path.
L.Marker.prototype.options.icon = pinIcon;

/** An arrow pointing north; the marker turns its inner element to the heading. */
const ARROW_SVG =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><circle cx="16" cy="16" r="13" fill="currentColor" fill-opacity="0.18"/>' +
  '<path d="M16 3 L25 26 L16 21 L7 26 Z" fill="currentColor" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>';

export const headingIcon = (colour: string) =>
  L.divIcon({
    className: 'ss-heading-marker',
    html: `<div class="ss-heading-arrow" style="color:${colour}">${ARROW_SVG}</div>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
    tooltipAnchor: [14, 0],
  });

/** A round badge with a short text (start, end of a trail). */
export const badgeIcon = (text: string, colour: string) =>
  L.divIcon({
    className: 'ss-badge-marker',
    html: `<span style="background:${colour}">${text.replace(/[<>&"]/g, '')}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    tooltipAnchor: [12, 0],
  });
