import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { CommandHandler } from './commands.js';
import { parsePlayback, playbackArgs } from './dvr.js';

/** Debian's ffmpeg (ARCHITECTURE section 8); SIM_FFMPEG names another binary. */
export const FFMPEG = process.env.SIM_FFMPEG || '/usr/bin/ffmpeg';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Bits of the device clock (ms modulo 2^24) drawn as boxes along the bottom row of every frame. */
export const CLOCK_BITS = 24;
/** Geometry of the clock strip in the 320×240 picture: bit i is the box at x = CLOCK_X + i·CLOCK_STEP, y = CLOCK_Y. */
export const CLOCK_GEOMETRY = { width: 320, height: 240, x: 4, y: 226, step: 13, size: 11 };

/** drawtext escaping: the text is inside '…' of a filter argument inside a filtergraph. */
const text = (value: string) => value.replace(/[\\':%,;[\]]/g, (c) => `\\\\${c}`);

/**
 * The picture a camera channel "sees": a moving test pattern with the plate, the channel and the device clock burned
 * in, once as text for people and once as a 24-bit strip (the clock in ms modulo 2^24, evaluated with ffmpeg's
 * `time(0)` when the frame is drawn) that a player reads back to measure glass-to-glass delay.
 */
export function liveFilter(plate: string, channel: number): string {
  const { x, y, step, size, width } = CLOCK_GEOMETRY;
  const bits = Array.from(
    { length: CLOCK_BITS },
    (_, i) => `drawbox=x=${x + step * i}:y=${y}:w=${size}:h=${size}:color=white:t=fill:enable='mod(floor(time(0)*1000/${2 ** i}),2)'`,
  );
  const label = `${text(plate)} CH${channel}`;
  const font = existsSync(FONT) ? `fontfile=${FONT}:` : '';
  return [
    `drawbox=x=0:y=${y - 4}:w=${width}:h=${size + 8}:color=black:t=fill`,
    ...bits,
    `drawtext=${font}fontsize=14:fontcolor=white:box=1:boxcolor=black:boxborderw=3:x=4:y=4:text='${label}'`,
    `drawtext=${font}fontsize=14:fontcolor=white:box=1:boxcolor=black:boxborderw=3:x=4:y=24:text='%{localtime\\:%H\\\\\\:%M\\\\\\:%S}.%{eif\\:mod(floor(time(0)*1000)\\,1000)\\:d\\:3}'`,
  ].join(',');
}

export function ffmpegArgs(url: string, plate: string, channel: number): string[] {
  return [
    ['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15'],
    ['-vf', liveFilter(plate, channel), '-an'],
    ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p'],
    ['-flvflags', 'no_duration_filesize', '-f', 'flv', url],
  ].flat();
}

/** The simulator's streams: one ffmpeg per live session, publishing real H.264 to the URL the portal gave. */
export class LiveStreams {
  private readonly running = new Map<string, ChildProcess>();

  constructor(
    private readonly channels: () => number,
    private readonly problem: (error: Error) => void,
    private readonly ffmpeg = FFMPEG,
  ) {}

  get active(): string[] {
    return [...this.running.keys()];
  }

  /** `down/live`: `start` spawns ffmpeg, `stop` ends it; `ok: false` when the channel is wrong or ffmpeg is missing. */
  command(): CommandHandler<'live'> {
    return (message) => {
      const { stream } = message;
      if (message.action === 'stop') {
        this.stop(stream);
        return { ok: true };
      }
      const { channel, url, overlay, playback } = message;
      if (channel > this.channels()) return { ok: false, error: 'no such channel' };
      if (!existsSync(this.ffmpeg)) return { ok: false, error: 'no encoder (ffmpeg) on this device' };
      const span = playback === undefined ? undefined : parsePlayback(playback);
      if (typeof span === 'string') return { ok: false, error: span };
      if (this.running.has(stream)) return { ok: true };
      const plate = overlay?.licensePlate ?? '-';
      const child = spawn(this.ffmpeg, span ? playbackArgs(url, plate, channel, span) : ffmpegArgs(url, plate, channel), {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-2_000);
      });
      child.on('error', (error) => this.problem(error));
      child.on('exit', (code, signal) => {
        if (this.running.get(stream) === child) this.running.delete(stream);
        if (code !== 0 && signal === null) this.problem(new Error(`live ${stream}: ffmpeg exited ${code}: ${errors.trim()}`));
      });
      this.running.set(stream, child);
      return { ok: true };
    };
  }

  stop(stream: string): void {
    const child = this.running.get(stream);
    if (!child) return;
    this.running.delete(stream);
    child.kill('SIGTERM');
    const hard = setTimeout(() => child.kill('SIGKILL'), 2_000);
    hard.unref();
    child.once('exit', () => clearTimeout(hard));
  }

  stopAll(): void {
    for (const stream of [...this.running.keys()]) this.stop(stream);
  }
}
