import { existsSync } from 'node:fs';
import type { Segment } from './dvr.js';

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

/** ffmpeg's arguments for a live stream: the channel's picture, H.264 at low latency, published as FLV to `url`. */
export function ffmpegArgs(url: string, plate: string, channel: number): string[] {
  return [
    ['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15'],
    ['-vf', liveFilter(plate, channel), '-an'],
    ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p'],
    ['-flvflags', 'no_duration_filesize', '-f', 'flv', url],
  ].flat();
}

/**
 * The same test pattern as live, with the RECORDED time burned in (start + elapsed, UTC) and an end after the span:
 * ffmpeg's drawtext `pts` with a `gmtime` offset, and `-t`.
 */
export function playbackArgs(url: string, plate: string, channel: number, playback: Segment): string[] {
  const args = ffmpegArgs(url, plate, channel);
  const vf = args.indexOf('-vf');
  const seconds = (playback.start / 1000).toFixed(3);
  args[vf + 1] =
    `${args[vf + 1]},drawtext=fontsize=14:fontcolor=yellow:box=1:boxcolor=black:boxborderw=3:x=4:y=44:text='REC %{pts\\:gmtime\\:${seconds}}'`;
  const output = args.indexOf('-flvflags');
  args.splice(output, 0, '-t', ((playback.end - playback.start) / 1000).toFixed(3));
  return args;
}
