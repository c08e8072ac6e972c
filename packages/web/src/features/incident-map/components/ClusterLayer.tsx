import { type EventCluster, pathTo } from '@safety-shield/contract';
import L from 'leaflet';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeafletMap, useMapLayer } from '../../../shared/map/index.js';
import { formatTime } from '../../../shared/ui/format.js';
import { usePlaceText } from '../../../shared/ui/place.js';
import { clusterBadge } from './cluster-style.js';

/** A round badge with the count; one incident is drawn smaller and in the incident colour. */
function clusterIcon(count: number) {
  const { className, size, fill } = clusterBadge(count);
  const badge = document.createElement('span');
  badge.className = className;
  badge.textContent = String(count);
  badge.dataset.count = String(count);
  badge.style.width = `${size}px`;
  badge.style.height = `${size}px`;
  badge.style.background = fill;
  return L.divIcon({ className: 'event-map-cluster-icon', html: badge, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

interface PopupTexts {
  type: string;
  time: string;
  plate: string;
  place: string;
  open: string;
}

/** A popup of one incident, as elements: plate and type are device text, never HTML. */
function incidentPopup(
  cluster: Required<EventCluster>,
  typeName: string,
  placeName: string | null,
  texts: PopupTexts,
  open: (path: string) => void,
) {
  const box = document.createElement('div');
  box.className = 'event-map-popup';
  box.dataset.testid = 'event-map-popup';
  const line = (label: string, value: string) => {
    const row = document.createElement('div');
    const name = document.createElement('span');
    name.className = 'event-map-popup-label';
    name.textContent = `${label}: `;
    row.append(name, value);
    box.append(row);
  };
  line(texts.type, typeName);
  line(texts.time, formatTime(cluster.triggerTime));
  line(texts.plate, cluster.licensePlate ?? '—');
  line(texts.place, placeName ?? '—');
  const link = document.createElement('a');
  const path = pathTo('EventDetail', { eventId: cluster.eventId });
  link.href = path;
  link.textContent = texts.open;
  // The console's own navigation (tabs, no reload); a new tab or window still follows the href.
  link.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open(path);
  });
  box.append(link);
  return box;
}

const single = (cluster: EventCluster): cluster is Required<EventCluster> => cluster.count === 1 && cluster.eventId !== undefined;

/** The clusters of one answer: a click on a cluster zooms in two steps there, a click on one incident opens its popup. */
export function ClusterLayer({ clusters }: { clusters: readonly EventCluster[] }) {
  const { t } = useTranslation();
  const map = useLeafletMap();
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  const texts: PopupTexts = {
    type: t('eventMap.popup.type'),
    time: t('eventMap.popup.time'),
    plate: t('eventMap.popup.plate'),
    place: t('eventMap.popup.place'),
    open: t('eventMap.popup.open'),
  };
  const typeName = (type: string) => t(`events.types.${type}`, { defaultValue: type });
  const placeName = usePlaceText();
  useMapLayer(() => {
    const group = L.layerGroup();
    for (const cluster of clusters) {
      const marker = L.marker([cluster.lat, cluster.lng], { icon: clusterIcon(cluster.count), keyboard: true });
      if (single(cluster)) {
        const where = placeName(cluster);
        marker.bindPopup(() => incidentPopup(cluster, typeName(cluster.type), where, texts, (path) => void go.current(path)));
      } else {
        marker.bindTooltip(t('eventMap.clusterTip', { count: cluster.count }));
        marker.on('click', () => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, map.getMaxZoom() || 18)));
      }
      group.addLayer(marker);
    }
    return group;
  }, [clusters, map, texts.type, texts.time, texts.plate, texts.place, texts.open]);
  return null;
}
