import type { TrailStop } from '@safety-shield/contract';
import { Table, type TableColumnsType } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../shared/ui/format.js';
import { PlaceName } from '../../../../shared/ui/place.js';
import { formatDuration } from '../display.js';

/** The trail's stops; choosing one seeks the playback to it. */
export const StopsList = memo(function StopsList({ stops, onSeek }: { stops: readonly TrailStop[]; onSeek(time: number): void }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TrailStop> = [
    { title: '#', key: 'index', width: 48, render: (_, __, index) => index + 1 },
    { title: t('vehicles.trail.stopFrom'), dataIndex: 'startTime', render: formatTime },
    { title: t('vehicles.trail.stopTo'), dataIndex: 'endTime', render: formatTime },
    { title: t('vehicles.trail.stopDuration'), key: 'duration', render: (_, stop) => formatDuration(t, stop.endTime - stop.startTime) },
    { title: t('vehicles.location'), key: 'location', render: (_, stop) => <PlaceName lat={stop.lat} lng={stop.lng} place={stop.place} /> },
  ];
  return (
    <Table<TrailStop>
      rowKey="startTime"
      size="small"
      columns={columns}
      dataSource={[...stops]}
      pagination={stops.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('vehicles.trail.noStops') }}
      onRow={(stop) => ({
        onClick: () => onSeek(stop.startTime),
        onKeyDown: (event) => event.key === 'Enter' && onSeek(stop.startTime),
        tabIndex: 0,
        style: { cursor: 'pointer' },
      })}
      data-testid="trail-stops"
    />
  );
});
