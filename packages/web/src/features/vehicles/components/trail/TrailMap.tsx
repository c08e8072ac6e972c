import type { Trail } from '@safety-shield/contract';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeIcon, FitBounds, HeadingMarker, type LatLng, MapView, Marker, Polyline } from '../../../../shared/map/index.js';
import { formatTime } from '../../../../shared/ui/format.js';
import { formatDuration } from '../display.js';
import { KeepInView } from './KeepInView.js';
import type { PlaybackFrame } from './playback.js';

const START = badgeIcon('▶', '#52c41a');
const END = badgeIcon('■', '#f5222d');

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
  const { t } = useTranslation();
  const line = useMemo<LatLng[]>(() => trail.points.map((point) => [point.lat, point.lng]), [trail.points]);
  const first = trail.points[0];
  const last = trail.points[trail.points.length - 1];
  return (
    <>
      <Polyline positions={line} colour="#1677ff" />
      <FitBounds points={line} />
      {trail.stops.map((stop) => (
        <Marker
          key={stop.startTime}
          position={[stop.lat, stop.lng]}
          tooltip={t('vehicles.trail.stopTooltip', {
            duration: formatDuration(t, stop.endTime - stop.startTime),
            from: formatTime(stop.startTime),
            to: formatTime(stop.endTime),
          })}
          onClick={() => onSeek(stop.startTime)}
        />
      ))}
      {first && (
        <Marker
          position={[first.lat, first.lng]}
          icon={START}
          tooltip={t('vehicles.trail.start', { time: formatTime(first.time) })}
          zIndexOffset={500}
        />
      )}
      {last && (
        <Marker
          position={[last.lat, last.lng]}
          icon={END}
          tooltip={t('vehicles.trail.end', { time: formatTime(last.time) })}
          zIndexOffset={500}
        />
      )}
    </>
  );
});
