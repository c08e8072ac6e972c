import type { ResourceRecord } from '@safety-shield/contract';
import { uploaded } from './display.js';

/** A file size for people, in the reader's language (one formatter for the console: shared/ui/format.ts). */
export { sizeText as formatBytes } from '../../../shared/ui/format.js';

/** The first hex digits of a SHA-256: enough to compare at a glance; the copy button gives the whole. */
export const shortSha = (sha256: string) => `${sha256.slice(0, 12)}…`;

/** Appended to a video's URL: the player seeks to 0.1 s on load, so it draws a frame before play (no black box). */
export const POSTER_FRAGMENT = '#t=0.1';

/** One camera channel's files as its tile shows them. */
export interface ChannelTile {
  channel: number;
  /** What the tile plays or shows: the first stored video, else the first stored picture. */
  main: ResourceRecord | undefined;
  /** The first stored picture: the main video's poster. */
  poster: ResourceRecord | undefined;
  /** Every file of the channel, stored ones first, pictures before videos. */
  files: ResourceRecord[];
}

const kindOrder = (resource: ResourceRecord) => (resource.kind === 'picture' ? 0 : 1);

/** The incident's files by channel, in channel order. */
export function channelTiles(resources: readonly ResourceRecord[]): ChannelTile[] {
  const channels = [...new Set(resources.map((resource) => resource.channel))].sort((a, b) => a - b);
  return channels.map((channel) => {
    const files = resources
      .filter((resource) => resource.channel === channel)
      .sort((a, b) => Number(uploaded(b.state)) - Number(uploaded(a.state)) || kindOrder(a) - kindOrder(b));
    const stored = files.filter((resource) => uploaded(resource.state));
    const poster = stored.find((resource) => resource.kind === 'picture');
    return { channel, main: stored.find((resource) => resource.kind === 'video') ?? poster, poster, files };
  });
}

/**
 * The channel the player opens on: the incident's own camera when it holds a stored file, else the first channel that
 * does, else the first channel (nothing stored yet).
 */
export function openingChannel(tiles: readonly ChannelTile[], incidentChannel: number | null): number | undefined {
  const stored = tiles.filter((tile) => tile.main !== undefined);
  return (stored.find((tile) => tile.channel === incidentChannel) ?? stored[0] ?? tiles[0])?.channel;
}
