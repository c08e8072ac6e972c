import type { EventMap } from '@safety-shield/contract';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from '../../../shared/map/index.js';

/**
 * The first answer with incidents frames all of them (the map opens on the whole world; cluster centres at that
 * zoom are averages of far-apart places, so the server's box of the match is used). Later answers leave the view alone.
 */
export function FitOnce({ bounds }: { bounds: EventMap['bounds'] | undefined }) {
  const map = useLeafletMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !bounds) return;
    done.current = true;
    map.fitBounds(
      [
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ],
      { padding: [64, 64], maxZoom: 12 },
    );
  }, [map, bounds]);
  return null;
}
