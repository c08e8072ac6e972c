import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, speedText } from '../../../../shared/ui/format.js';
import type { PlaybackFrame } from './playback.js';
import { type PlaybackSpeed, playbackSpeeds } from './playback.js';
import type { Playback } from './use-playback.js';

interface Props {
  playback: Playback;
  frame: PlaybackFrame;
  start: number;
  end: number;
}

/** Play/pause, speed, a slider to seek, and where the playback is (time and speed). */
export function PlaybackControls({ playback, frame, start, end }: Props) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4} data-testid="trail-playback">
      <Flex align="center" gap={12} wrap>
        <Button
          type="primary"
          icon={playback.playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={playback.playing ? playback.pause : playback.play}
        >
          {t(playback.playing ? 'vehicles.trail.pause' : 'vehicles.trail.play')}
        </Button>
        <Segmented<PlaybackSpeed>
          aria-label={t('vehicles.trail.speed')}
          value={playback.speed}
          onChange={playback.setSpeed}
          options={playbackSpeeds.map((value) => ({ value, label: `${value}×` }))}
        />
        <Typography.Text data-testid="trail-now">
          {formatTime(frame.time)} · {speedText(frame.speed, 0)}
        </Typography.Text>
        <Typography.Text type="secondary">{t('vehicles.trail.rateHint')}</Typography.Text>
      </Flex>
      <Slider
        min={start}
        max={end}
        value={frame.time}
        step={1000}
        onChange={playback.seek}
        tooltip={{ formatter: (value) => (value == null ? '' : formatTime(value)) }}
        aria-label={t('vehicles.trail.position')}
      />
    </Flex>
  );
}
