import { createHash } from 'node:crypto';
import type { IncidentResource } from './incidents.js';
import { grayJpeg, pcmMp4 } from './media.js';
import { hashSeed, seededRandom } from './random.js';

/** A simulated evidence file: a small but genuine JPEG or MP4 that browsers show and play. */
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

/** The file a device keeps for one resource of an incident. */
export function evidenceFile(uuid: string, incidentMessageId: string, resource: Pick<IncidentResource, 'id' | 'kind'>): EvidenceFile {
  const seed = hashSeed(uuid, incidentMessageId, resource.id);
  const bytes = resource.kind === 'picture' ? fakeJpeg(seed) : fakeMp4(seed);
  return {
    bytes,
    contentType: resource.kind === 'picture' ? 'image/jpeg' : 'video/mp4',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
