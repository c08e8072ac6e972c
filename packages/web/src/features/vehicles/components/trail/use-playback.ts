import type { TrailPoint } from '@safety-shield/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { advanceTime, type PlaybackSpeed } from './playback.js';

export interface Playback {
  /** The trail time shown now. */
  time: number;
  playing: boolean;
  speed: PlaybackSpeed;
  play(): void;
  pause(): void;
  seek(time: number): void;
  setSpeed(speed: PlaybackSpeed): void;
}

/** A playback clock over a trail, driven by animation frames; it pauses by itself at the end. */
export function usePlayback(points: readonly TrailPoint[]): Playback {
  const start = points[0]?.time ?? 0;
  const end = points[points.length - 1]?.time ?? 0;
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const timeRef = useRef(time);
  timeRef.current = time;

  // A new trail starts from its beginning, paused.
  useEffect(() => {
    setTime(start);
    setPlaying(false);
  }, [start]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const next = advanceTime(points, timeRef.current, now - last, speed);
      last = now;
      timeRef.current = next;
      setTime(next);
      if (next >= end) return setPlaying(false);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, points, end]);

  const play = useCallback(() => {
    // Play at the end starts again from the beginning.
    if (timeRef.current >= end) setTime(start);
    setPlaying(true);
  }, [start, end]);
  const pause = useCallback(() => setPlaying(false), []);
  const seek = useCallback((to: number) => setTime(Math.min(Math.max(to, start), end)), [start, end]);

  return { time, playing, speed, play, pause, seek, setSpeed };
}
