import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncidentResource } from '@safety-shield/contract/device';
import { grayJpeg, pcmMp4 } from './media.js';
import { hashSeed, seededRandom } from './random.js';
import { encodeEvidence } from './recorded-media.js';

/** A simulated evidence file: a genuine JPEG or MP4 that browsers show and play. */
export interface EvidenceFile {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'video/mp4';
  /** Hex SHA-256, as the `upload` apply announces it. */
  sha256: string;
}

/** Bytes drawn from the seed: the same resource always gets the same file (and so the same SHA-256). */
function filler(seed: number, length: number): Buffer {
  const random = seededRandom(seed);
  const bytes = Buffer.alloc(length);
  for (let i = 0; i + 4 <= length; i += 4) bytes.writeUInt32LE(Math.floor(random() * 2 ** 32), i);
  return bytes;
}

/** A real 64×48 JPEG (gray blocks drawn from the seed) padded to 20–40 KB with a comment of filler. */
function fakeJpeg(seed: number): Buffer {
  const random = seededRandom(seed);
  const base = 60 + random() * 100;
  return grayJpeg(64, 48, (x, y) => base + x * 9 - y * 7 + random() * 24, filler(seed, 20_000 + (seed % 20_000)));
}

/** A playable 64×48 H.264 clip of 10–17 s at 5 fps (200–400 KB): a bright square walks over a gray field, so seeking shows. */
function fakeMp4(seed: number): Buffer {
  const base = 50 + (seed % 80);
  const frames = 50 + (seed % 35);
  return pcmMp4(4, 3, frames, 5, (frame, x, y) => (y * 4 + x === frame % 12 ? 230 : base + x * 12 + y * 8));
}

const fileOf = (kind: IncidentResource['kind'], bytes: Buffer): EvidenceFile => ({
  bytes,
  contentType: kind === 'picture' ? 'image/jpeg' : 'video/mp4',
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** The tiny file a device keeps for one resource of an incident, made in code: no encoder needed, and fast. */
export function evidenceFile(uuid: string, incidentMessageId: string, resource: Pick<IncidentResource, 'id' | 'kind'>): EvidenceFile {
  const seed = hashSeed(uuid, incidentMessageId, resource.id);
  return fileOf(resource.kind, resource.kind === 'picture' ? fakeJpeg(seed) : fakeMp4(seed));
}

/** Longest recorded clip: a few seconds keep the file under 1 MB and the encoder quick. */
export const RECORDED_CLIP_SECONDS = 8;

/** The recorded span of a video resource (epoch ms), if it names one. */
export function spanOf(resource: Pick<IncidentResource, 'start' | 'end'>): { start: number; end: number } | undefined {
  const { start, end } = resource;
  return typeof start === 'number' && typeof end === 'number' ? { start, end } : undefined;
}

/** What the camera saw: the plate burned in, and the time of the incident (its trigger, epoch ms). */
export interface EvidenceScene {
  plate: string;
  triggerAt: number;
}

/**
 * The stretch of a video resource's span that the encoder makes (epoch ms start, whole seconds): the whole span when
 * it is at most RECORDED_CLIP_SECONDS long (so the clip follows the configuration's `secondsBefore`/`secondsAfter`),
 * else that many seconds around the trigger, kept inside the span. Without a span: RECORDED_CLIP_SECONDS around the
 * trigger.
 */
export function recordedStretch(resource: Pick<IncidentResource, 'start' | 'end'>, triggerAt: number): { start: number; seconds: number } {
  const span = spanOf(resource);
  if (!span) return { start: triggerAt - (RECORDED_CLIP_SECONDS * 1000) / 2, seconds: RECORDED_CLIP_SECONDS };
  const seconds = Math.max(1, Math.min(RECORDED_CLIP_SECONDS, Math.round((span.end - span.start) / 1000)));
  const latest = Math.max(span.start, span.end - seconds * 1000);
  return { start: Math.min(latest, Math.max(span.start, triggerAt - (seconds * 1000) / 2)), seconds };
}

/**
 * A real-size file for one resource (640×360 JPEG, or an H.264 MP4 of a few seconds) with the plate, the channel and
 * the recorded time burned in, encoded by ffmpeg: a picture shows the trigger, a video its recordedStretch.
 */
export async function recordedEvidenceFile(
  ffmpeg: string,
  resource: Pick<IncidentResource, 'kind' | 'channel' | 'start' | 'end'>,
  scene: EvidenceScene,
): Promise<EvidenceFile> {
  const stretch = resource.kind === 'picture' ? { start: scene.triggerAt, seconds: 1 } : recordedStretch(resource, scene.triggerAt);
  const overlay = { plate: scene.plate, channel: resource.channel, start: stretch.start };
  const bytes = await encodeEvidence(ffmpeg, resource.kind, overlay, stretch.seconds);
  return fileOf(resource.kind, bytes);
}

/** Which media a device makes: real-size ones when ffmpeg is there, else (or when asked, as tests do) the tiny ones. */
export type EvidenceMedia = 'recorded' | 'tiny';

/**
 * The file of a resource as the device's settings say: recorded by ffmpeg, falling back to the tiny one when the
 * encoder is missing or fails (the failure reported).
 */
export async function deviceEvidenceFile(
  options: { uuid: string; media: EvidenceMedia; ffmpeg: string; problem?(error: Error): void },
  incidentMessageId: string,
  resource: IncidentResource,
  scene: EvidenceScene,
): Promise<EvidenceFile> {
  if (options.media === 'recorded' && existsSync(options.ffmpeg)) {
    try {
      return await recordedEvidenceFile(options.ffmpeg, resource, scene);
    } catch (error) {
      options.problem?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return evidenceFile(options.uuid, incidentMessageId, resource);
}
