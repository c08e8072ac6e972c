import { CaretRightOutlined, PauseOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { LiveSession, LiveState } from '@safety-shield/contract';
import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type Mpegts from 'mpegts.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveState, startLive, stopLive } from '../api/live.js';
import { CLOCK, delaySince, median, readClock } from '../clock.js';

const stateColors: Record<LiveState, string> = {
  initialised: 'default',
  ready: 'processing',
  deviceConnected: 'processing',
  readyToPlay: 'success',
  livePlayDone: 'default',
  publishDone: 'warning',
  connectionFailed: 'error',
};

/** Server states polled while playing; the player's own events move it faster. */
const POLL_MS = 2_000;
/** Glass-to-glass samples kept for the median. */
const SAMPLES = 30;

interface Props {
  vehicleId: number;
  channel: number;
  /** Starts playing at once (the dialog opens with the first channel playing). */
  autoPlay?: boolean;
  /** The device's channel count, learnt from the first start. */
  onChannels?(channels: number): void;
  /** Another way to start the session (features/dvr: playback of a recorded span); default the channel's live video. */
  start?: () => Promise<LiveSession>;
}

/**
 * One channel of a vehicle's live video (SPEC section 2: channel, play, pause, stop, refresh; the live states of section
 * 4) over HTTP-FLV with mpegts.js. It measures the time from Play to the first presented frame and the glass-to-glass
 * delay: the device's clock burned into each frame (see clock.ts) against the moment the browser presents it.
 */
export function LivePlayer({ vehicleId, channel, autoPlay = false, onChannels, start }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const player = useRef<Mpegts.Player | null>(null);
  const session = useRef<LiveSession | null>(null);
  const playPressed = useRef(0);
  const delays = useRef<number[]>([]);
  const [state, setState] = useState<LiveState>('initialised');
  const [busy, setBusy] = useState(false);
  const [paused, setPaused] = useState(false);
  const [firstFrameMs, setFirstFrameMs] = useState<number | null>(null);
  const [delayMs, setDelayMs] = useState<number | null>(null);

  const detach = useCallback(() => {
    player.current?.destroy();
    player.current = null;
  }, []);

  /** Reads the clock of presented frames (every frame until the first, then a few per second). */
  const watchFrames = useCallback((element: HTMLVideoElement) => {
    let last = 0;
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (player.current === null) return;
      const presentedAt = performance.timeOrigin + meta.expectedDisplayTime;
      if (playPressed.current > 0) {
        setFirstFrameMs(Math.round(performance.now() - playPressed.current));
        playPressed.current = 0;
        setState('readyToPlay');
      }
      const context = canvas.current?.getContext('2d', { willReadFrequently: true });
      if (context && meta.expectedDisplayTime - last > 250) {
        last = meta.expectedDisplayTime;
        context.drawImage(element, 0, 0, CLOCK.width, CLOCK.height);
        const clock = readClock(context);
        if (clock !== null) {
          const delay = delaySince(clock, presentedAt);
          // Anything over a minute is a misread, not a delay.
          if (delay < 60_000) {
            delays.current = [...delays.current.slice(-(SAMPLES - 1)), delay];
            setDelayMs(median(delays.current));
          }
        }
      }
      element.requestVideoFrameCallback(onFrame);
    };
    element.requestVideoFrameCallback(onFrame);
  }, []);

  const attach = useCallback(
    async (live: LiveSession) => {
      const element = video.current;
      if (!element) return;
      detach();
      const { default: mpegts } = await import('mpegts.js');
      const created = mpegts.createPlayer(
        { type: 'flv', isLive: true, hasAudio: false, hasVideo: true, url: new URL(live.playUrl, window.location.href).href },
        {
          enableStashBuffer: false,
          lazyLoad: false,
          liveBufferLatencyChasing: true,
          liveBufferLatencyMaxLatency: 0.8,
          liveBufferLatencyMinRemain: 0.1,
          autoCleanupSourceBuffer: true,
        },
      );
      created.on(mpegts.Events.ERROR, () => {
        if (player.current === created) setState('connectionFailed');
      });
      created.on(mpegts.Events.LOADING_COMPLETE, () => {
        if (player.current === created) setState('publishDone');
      });
      player.current = created;
      created.attachMediaElement(element);
      created.load();
      watchFrames(element);
      await element.play().catch(() => undefined);
      setPaused(false);
    },
    [detach, watchFrames],
  );

  const play = useCallback(async () => {
    if (paused && player.current) {
      await video.current?.play().catch(() => undefined);
      setPaused(false);
      return;
    }
    setBusy(true);
    setFirstFrameMs(null);
    setDelayMs(null);
    delays.current = [];
    playPressed.current = performance.now();
    try {
      const live = await (start ? start() : startLive({ vehicleId, channel }));
      session.current = live;
      onChannels?.(live.channels);
      setState(live.state);
      await attach(live);
    } catch {
      setState('connectionFailed');
      playPressed.current = 0;
    } finally {
      setBusy(false);
    }
  }, [attach, channel, onChannels, paused, start, vehicleId]);

  const pause = () => {
    video.current?.pause();
    setPaused(true);
  };

  const stop = useCallback(async () => {
    detach();
    const live = session.current;
    session.current = null;
    setPaused(false);
    if (!live) return;
    const ended = await stopLive(live.sessionId).catch(() => null);
    setState(ended?.state === 'publishDone' ? 'publishDone' : 'livePlayDone');
  }, [detach]);

  /** A fresh play URL for the running session (a new session if the old one ended), and a new connection. */
  const refresh = async () => {
    const live = session.current;
    if (!live) return play();
    setBusy(true);
    try {
      const now = await liveState(live.sessionId);
      if (now.state === 'publishDone' || now.state === 'connectionFailed') {
        session.current = null;
        detach();
        await play();
        return;
      }
      session.current = now;
      setState(now.state);
      await attach(now);
    } finally {
      setBusy(false);
    }
  };

  // The server's view while a session runs (device connected, publish done).
  useEffect(() => {
    const timer = setInterval(() => {
      const live = session.current;
      if (!live || !player.current) return;
      liveState(live.sessionId)
        .then((now) => {
          if (session.current?.sessionId !== now.sessionId) return;
          if (now.state === 'publishDone') {
            detach();
            session.current = null;
            setState('publishDone');
          } else if (playPressed.current > 0) setState(now.state);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [detach]);

  // Closing the dialog or changing channel stops watching.
  const stopRef = useRef(stop);
  stopRef.current = stop;
  useEffect(() => () => void stopRef.current(), []);

  const autoPlayed = useRef(false);
  useEffect(() => {
    if (autoPlay && !autoPlayed.current) {
      autoPlayed.current = true;
      void play();
    }
  }, [autoPlay, play]);

  const running = player.current !== null;
  return (
    <Card
      size="small"
      data-testid={`live-player-${channel}`}
      data-state={state}
      data-first-frame-ms={firstFrameMs ?? ''}
      data-delay-ms={delayMs ?? ''}
      title={t('live.channel', { channel })}
      extra={<Tag color={stateColors[state]}>{t(`live.states.${state}`)}</Tag>}
      styles={{ body: { padding: 8 } }}
    >
      <video
        ref={video}
        muted
        playsInline
        data-testid={`live-video-${channel}`}
        style={{ width: '100%', aspectRatio: '4 / 3', background: '#000', display: 'block' }}
      />
      <canvas ref={canvas} width={CLOCK.width} height={CLOCK.height} hidden />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Space size={4}>
          <Tooltip title={t('live.play')}>
            <Button
              aria-label={t('live.play')}
              icon={<CaretRightOutlined />}
              loading={busy}
              disabled={running && !paused}
              onClick={() => void play()}
            />
          </Tooltip>
          <Tooltip title={t('live.pause')}>
            <Button aria-label={t('live.pause')} icon={<PauseOutlined />} disabled={!running || paused} onClick={pause} />
          </Tooltip>
          <Tooltip title={t('live.stop')}>
            <Button
              aria-label={t('live.stop')}
              icon={<StopOutlined />}
              disabled={!running && !session.current}
              onClick={() => void stop()}
            />
          </Tooltip>
          <Tooltip title={t('live.refresh')}>
            <Button aria-label={t('live.refresh')} icon={<ReloadOutlined />} disabled={busy} onClick={() => void refresh()} />
          </Tooltip>
        </Space>
        <Space size={12}>
          <Typography.Text type="secondary">
            {t('live.firstFrame')}: {firstFrameMs === null ? '–' : t('live.ms', { value: firstFrameMs })}
          </Typography.Text>
          <Tooltip title={t('live.delayHint')}>
            <Typography.Text type="secondary">
              {t('live.delay')}: {delayMs === null ? '–' : t('live.ms', { value: Math.round(delayMs) })}
            </Typography.Text>
          </Tooltip>
        </Space>
      </Flex>
    </Card>
  );
}
