import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { CommandHandler } from './commands.js';
import { parsePlayback } from './dvr.js';
import { DEFAULT_LIVE_VIDEO, ffmpegArgs, type LiveVideo, playbackArgs } from './ffmpeg-args.js';

/** Debian's ffmpeg (ARCHITECTURE section 8); SIM_FFMPEG names another binary. */
export const FFMPEG = process.env.SIM_FFMPEG || '/usr/bin/ffmpeg';

/**
 * The simulator's streams: one ffmpeg per live session, publishing real H.264 to the URL the portal gave, encoded as
 * the channel's video settings say when the stream starts (a stream under way keeps the settings it started with).
 */
export class LiveStreams {
  private readonly running = new Map<string, ChildProcess>();

  constructor(
    private readonly channels: () => number,
    private readonly problem: (error: Error) => void,
    /** The channel's video settings now (the configuration's `video`). */
    private readonly video: (channel: number) => LiveVideo = () => DEFAULT_LIVE_VIDEO,
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
      const video = this.video(channel);
      const args = span ? playbackArgs(url, plate, channel, span, video) : ffmpegArgs(url, plate, channel, video);
      const child = spawn(this.ffmpeg, args, {
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
