import { createHash } from 'node:crypto';
import type { DisplayPicture } from '@safety-shield/contract';

/** The first bytes of each picture type a display takes. */
const starts: Record<DisplayPicture['contentType'], number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
};

/** The picture a device shows on its display: the configuration's `displayPicture`, with its bytes' SHA-256. */
export interface ShownPicture {
  id: string;
  size: number;
  sha256: string;
}

/**
 * Fetches a configuration's display picture from the `config` message's `pictureUrl` and checks it is what the
 * document says (size, and a JPEG or PNG as named); the answer is why not, or the picture to show.
 */
export async function fetchPicture(picture: DisplayPicture, url: string | undefined): Promise<ShownPicture | string> {
  if (!url) return 'display picture: no link';
  let bytes: Buffer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) return `display picture: HTTP ${response.status}`;
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return `display picture: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (bytes.length !== picture.size) return `display picture: ${bytes.length} bytes, not ${picture.size}`;
  if (!starts[picture.contentType].every((byte, i) => bytes[i] === byte)) return `display picture: not ${picture.contentType}`;
  return { id: picture.id, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
