import { existsSync } from 'node:fs';
import type { VideoResolution } from '@safety-shield/contract';
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

/** How a channel's live stream is encoded: the configuration's `video` entry of that channel (docs/device-protocol.md, `config`). */
export interface LiveVideo {
  resolution: VideoResolution;
  frameRate: number;
  bitrateKbps: number;
}

/** The factory setting of every channel: the 320×240 picture the overlay is drawn on, 15 frames a second, 512 kbit/s. */
export const DEFAULT_LIVE_VIDEO: Readonly<LiveVideo> = { resolution: '320x240', frameRate: 15, bitrateKbps: 512 };

/**
 * The encoder's arguments around a filter drawn on the 320×240 pattern: the picture is drawn at 320×240 (so the clock
 * strip is where CLOCK_GEOMETRY says) and only then scaled to the channel's resolution. The console draws every frame
 * back onto a 320×240 canvas before it reads the strip, so the boxes land where it looks at any resolution (a 16:9
 * one stretches the pattern, which is a test picture). A keyframe every second, at the channel's frame rate, and its
 * bit rate as a ceiling (one second of buffer).
 */
function streamArgs(url: string, filter: string, video: LiveVideo, limit: string[] = []): string[] {
  const { width, height } = CLOCK_GEOMETRY;
  const scale = video.resolution === `${width}x${height}` ? '' : `,scale=${video.resolution.replace('x', ':')}:flags=neighbor`;
  const rate = `${video.bitrateKbps}k`;
  return [
    ['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ['-re', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${video.frameRate}`],
    ['-vf', `${filter}${scale}`, '-an'],
    ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(video.frameRate), '-pix_fmt', 'yuv420p'],
    ['-b:v', rate, '-maxrate', rate, '-bufsize', rate],
    limit,
    ['-flvflags', 'no_duration_filesize', '-f', 'flv', url],
  ].flat();
}

/**
 * ffmpeg's arguments for a live stream: the channel's picture, H.264 at low latency with the channel's resolution,
 * frame rate and bit rate, published as FLV to `url`.
 */
export function ffmpegArgs(url: string, plate: string, channel: number, video: LiveVideo = DEFAULT_LIVE_VIDEO): string[] {
  return streamArgs(url, liveFilter(plate, channel), video);
}

/**
 * The same test pattern as live, with the RECORDED time burned in (start + elapsed, UTC) and an end after the span:
 * ffmpeg's drawtext `pts` with a `gmtime` offset, and `-t`.
 */
export function playbackArgs(
  url: string,
  plate: string,
  channel: number,
  playback: Segment,
  video: LiveVideo = DEFAULT_LIVE_VIDEO,
): string[] {
  const seconds = (playback.start / 1000).toFixed(3);
  const recorded = `drawtext=fontsize=14:fontcolor=yellow:box=1:boxcolor=black:boxborderw=3:x=4:y=44:text='REC %{pts\\:gmtime\\:${seconds}}'`;
  return streamArgs(url, `${liveFilter(plate, channel)},${recorded}`, video, ['-t', ((playback.end - playback.start) / 1000).toFixed(3)]);
}

/** Letters, digits, spaces, dots and dashes only: a plate burned in needs no escaping through ffmpeg's three levels. */
const plainText = (value: string) => value.replace(/[^\p{L}\p{N} .-]/gu, ' ').trim() || '-';

/** What an evidence file shows burned in: the plate, the channel and, from `start` (epoch ms) on, the recorded UTC time. */
export interface EvidenceOverlay {
  plate: string;
  channel: number;
  start: number;
}

/** Size of the simulator's evidence: 16:9, the smallest a reviewer reads a plate and a clock on. */
export const EVIDENCE_SIZE = { width: 640, height: 360 };

/**
 * The camera's picture of evidence: the test pattern tinted per channel, a bar with the plate and the channel on top
 * and one with the recorded time (UTC, advancing with the clip) at the bottom.
 */
export function evidenceFilter({ plate, channel, start }: EvidenceOverlay): string {
  const font = existsSync(FONT) ? `fontfile=${FONT}:` : '';
  const seconds = (start / 1000).toFixed(3);
  const clock = `%{pts\\:gmtime\\:${seconds}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S} UTC`;
  return [
    `hue=h=${(channel - 1) * 45}`,
    'drawbox=x=0:y=0:w=iw:h=52:color=black@0.8:t=fill',
    'drawbox=x=0:y=ih-46:w=iw:h=46:color=black@0.8:t=fill',
    `drawtext=${font}fontsize=30:fontcolor=white:x=14:y=11:text='${plainText(plate)}'`,
    `drawtext=${font}fontsize=30:fontcolor=white:x=w-tw-14:y=11:text='CH${channel}'`,
    `drawtext=${font}fontsize=24:fontcolor=yellow:x=14:y=h-th-12:text='${clock}'`,
  ].join(',');
}

/**
 * ffmpeg's arguments for an evidence file written to `output`: a JPEG of one frame, or `seconds` of H.264 (yuv420p,
 * moov first so a browser plays and seeks it at once). Bit-exact, so the same incident makes the same bytes.
 */
export function evidenceArgs(kind: 'picture' | 'video', output: string, overlay: EvidenceOverlay, seconds: number): string[] {
  const { width, height } = EVIDENCE_SIZE;
  const encode =
    kind === 'picture'
      ? ['-frames:v', '1', '-q:v', '6', '-f', 'mjpeg']
      : ['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p'];
  return [
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=15`],
    ['-vf', evidenceFilter(overlay), '-an', ...encode],
    kind === 'video' ? ['-movflags', '+faststart', '-f', 'mp4'] : [],
    ['-fflags', '+bitexact', '-flags', '+bitexact', output],
  ].flat();
}
