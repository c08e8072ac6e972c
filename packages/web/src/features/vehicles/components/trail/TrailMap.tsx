import type { Trail, TrailPoint } from '@safety-shield/contract';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeIcon, FitBounds, HeadingMarker, type LatLng, MapView, Marker, Polyline } from '../../../../shared/map/index.js';
import { formatTime } from '../../../../shared/ui/format.js';
import { placeText } from '../../../../shared/ui/place.js';
import { formatDuration } from '../display.js';
import { KeepInView } from './KeepInView.js';
import type { PlaybackFrame } from './playback.js';

const BADGES = { start: badgeIcon('▶', '#52c41a'), end: badgeIcon('■', '#f5222d') };

/** The route, its start and end, its stops, and the vehicle where the playback is. */
export function TrailMap({ trail, frame, onSeek }: { trail: Trail; frame: PlaybackFrame; onSeek(time: number): void }) {
  const { t } = useTranslation();
  return (
    <MapView label={t('vehicles.trail.map')} height={420} data-testid="trail-map">
      <TrailRoute trail={trail} onSeek={onSeek} />
      <HeadingMarker position={[frame.lat, frame.lng]} heading={frame.heading} />
      <KeepInView position={[frame.lat, frame.lng]} />
    </MapView>
  );
}

/** The parts that do not move during playback, drawn once per trail. */
const TrailRoute = memo(function TrailRoute({ trail, onSeek }: { trail: Trail; onSeek(time: number): void }) {
  const { t, i18n } = useTranslation();
  const line = useMemo<LatLng[]>(() => trail.points.map((point) => [point.lat, point.lng]), [trail.points]);
  return (
    <>
      <Polyline positions={line} colour="#1677ff" />
      <FitBounds points={line} />
      {trail.stops.map((stop) => (
        <Marker
          key={stop.startTime}
          position={[stop.lat, stop.lng]}
          tooltip={[
            stop.place ? placeText(stop.place, i18n.language) : null,
            t('vehicles.trail.stopTooltip', {
              duration: formatDuration(t, stop.endTime - stop.startTime),
              from: formatTime(stop.startTime),
              to: formatTime(stop.endTime),
            }),
          ]
            .filter(Boolean)
            .join(' · ')}
          onClick={() => onSeek(stop.startTime)}
        />
      ))}
      <RouteEnd end="start" point={trail.points[0]} />
      <RouteEnd end="end" point={trail.points.at(-1)} />
    </>
  );
});

/** The route's start or end with its time, drawn above the stops. */
function RouteEnd({ end, point }: { end: 'start' | 'end'; point: TrailPoint | undefined }) {
  const { t } = useTranslation();
  if (!point) return null;
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={BADGES[end]}
      tooltip={t(`vehicles.trail.${end}`, { time: formatTime(point.time) })}
      zIndexOffset={500}
    />
  );
}
