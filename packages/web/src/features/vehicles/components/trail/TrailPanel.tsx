import { HistoryOutlined } from '@ant-design/icons';
import type { Trail, TrailQuery } from '@safety-shield/contract';
import { Card, Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../shared/ui/LoadError.js';
import { useTrail } from '../../api/get-trail.js';
import { PlaybackControls } from './PlaybackControls.js';
import { frameAt } from './playback.js';
import { SpeedChart } from './SpeedChart.js';
import { StopsList } from './StopsList.js';
import { TrailMap } from './TrailMap.js';
import { TrailRangeForm } from './TrailRangeForm.js';
import { TrailSummary } from './TrailSummary.js';
import { presetRange } from './trail-range.js';
import { usePlayback } from './use-playback.js';

/** The vehicle's trail: choose a range, then the route on a map with playback, speed chart, stops and summary. */
export function TrailPanel({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation();
  // The last 24 hours at first: the usual question is "where has it been".
  const [initial] = useState(() => presetRange('last24h', Date.now()));
  const [query, setQuery] = useState<TrailQuery>({ vehicleId, startTime: initial[0], endTime: initial[1] });
  const trail = useTrail(query);

  return (
    <Flex vertical gap={12} data-testid="trail-panel">
      <TrailRangeForm
        initial={initial}
        loading={trail.isFetching}
        onQuery={(startTime, endTime) => setQuery({ vehicleId, startTime, endTime })}
      />
      {trail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : trail.isError ? (
        <LoadError onRetry={() => void trail.refetch()} />
      ) : trail.data.points.length === 0 ? (
        <Empty image={<HistoryOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />} description={t('vehicles.trail.empty')} />
      ) : (
        // A new trail is a new player (its clock starts from the beginning).
        <TrailPlayer key={`${query.startTime}-${query.endTime}`} trail={trail.data} />
      )}
    </Flex>
  );
}

function TrailPlayer({ trail }: { trail: Trail }) {
  const { t } = useTranslation();
  const playback = usePlayback(trail.points);
  const frame = frameAt(trail.points, playback.time);
  const start = trail.points[0]?.time ?? 0;
  const end = trail.points[trail.points.length - 1]?.time ?? 0;
  if (!frame) return null;
  return (
    <Flex vertical gap={12}>
      <TrailSummary trail={trail} />
      <TrailMap trail={trail} frame={frame} onSeek={playback.seek} />
      <PlaybackControls playback={playback} frame={frame} start={start} end={end} />
      <SpeedChart points={trail.points} time={frame.time} onSeek={playback.seek} />
      <Card size="small" title={t('vehicles.trail.stops')}>
        <StopsList stops={trail.stops} onSeek={playback.seek} />
      </Card>
    </Flex>
  );
}
