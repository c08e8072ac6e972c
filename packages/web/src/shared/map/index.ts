export { badgeIcon, pinIcon } from './icons.js';
export { FitBounds, FollowPosition, HeadingMarker, type LatLng, Marker, Polyline, useMapLayer } from './layers.js';
export { MapView } from './MapView.js';
export { useLeafletMap } from './map-context.js';
