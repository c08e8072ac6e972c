import { useEffect } from 'react';
import { type LatLng, useLeafletMap } from '../../../../shared/map/index.js';

/** Pans when the playback's vehicle leaves the view, so it never plays off-screen; the user's zoom stays. */
export function KeepInView({ position }: { position: LatLng }) {
  const map = useLeafletMap();
  const [lat, lng] = position;
  useEffect(() => {
    if (!map.getPane('mapPane')) return;
    if (!map.getBounds().pad(-0.1).contains([lat, lng])) map.panTo([lat, lng], { animate: false });
  }, [map, lat, lng]);
  return null;
}
