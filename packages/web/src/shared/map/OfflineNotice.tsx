import { InfoCircleOutlined } from '@ant-design/icons';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLeafletMap } from './map-context.js';

export type TilesOff = 'off' | 'unreachable';

/**
 * Says why the map is the offline one. A Leaflet control in the bottom-left corner, stacked above the scale: Leaflet
 * keeps controls from overlapping, and the pages' legends and notes sit at the top or the centre.
 */
export function OfflineNotice({ reason }: { reason: TilesOff }) {
  const { t } = useTranslation();
  const map = useLeafletMap();
  const [box, setBox] = useState<HTMLElement>();
  useEffect(() => {
    const control = new L.Control({ position: 'bottomleft' });
    control.onAdd = () => {
      const element = L.DomUtil.create('div', 'ss-map-notice');
      // A click or scroll on the notice must not pan or zoom the map under it.
      L.DomEvent.disableClickPropagation(element);
      L.DomEvent.disableScrollPropagation(element);
      return element;
    };
    control.addTo(map);
    setBox(control.getContainer());
    return () => {
      control.remove();
      setBox(undefined);
    };
  }, [map]);
  if (!box) return null;
  return createPortal(
    <div role="status" data-testid="map-offline-notice">
      <InfoCircleOutlined aria-hidden />
      <span>{t(reason === 'off' ? 'map.tilesOff' : 'map.tilesUnreachable')}</span>
    </div>,
    box,
  );
}
