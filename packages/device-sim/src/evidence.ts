import { createHash } from 'node:crypto';
import type { IncidentResource } from './incidents.js';
import { hashSeed, seededRandom } from './random.js';

/** A fake evidence file: not a playable picture or clip, but with the first bytes of its type, so the portal accepts it. */
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

/** A JPEG header (SOI + APP0 "JFIF"), 20–40 KB of filler and the end marker. */
function fakeJpeg(seed: number): Buffer {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const size = 20_000 + (seed % 20_000);
  return Buffer.concat([head, filler(seed, size), Buffer.from([0xff, 0xd9])]);
}

/** An MP4 `ftyp` box (isom) and an `mdat` box of 200–400 KB of filler. */
function fakeMp4(seed: number): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const payload = filler(seed, 200_000 + (seed % 200_000));
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8 + payload.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, payload]);
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
