import type { ResourceRecord } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { channelTiles, openingChannel } from './evidence-format.js';

let nextId = 1;
const file = (kind: ResourceRecord['kind'], channel: number, state: number): ResourceRecord => ({
  resourceId: nextId++,
  name: `${kind}-${channel}`,
  kind,
  channel,
  state,
  failReason: null,
  sizeBytes: null,
  sha256: null,
  startTime: null,
  endTime: null,
});

describe('the channel the player opens on (issue 29)', () => {
  const tiles = channelTiles([file('picture', 1, 6), file('video', 1, 6), file('video', 2, 6), file('picture', 3, 1)]);

  it('is the camera that reported the incident when it holds a stored file', () => {
    expect(openingChannel(tiles, 2)).toBe(2);
  });

  it('else the first channel with a stored file', () => {
    expect(openingChannel(tiles, 3)).toBe(1);
    expect(openingChannel(tiles, null)).toBe(1);
    expect(openingChannel(channelTiles([file('picture', 1, 0), file('video', 4, 4)]), 1)).toBe(4);
  });

  it('else the first channel, and none without files', () => {
    expect(openingChannel(channelTiles([file('picture', 2, 1), file('picture', 5, -1)]), 5)).toBe(2);
    expect(openingChannel([], 1)).toBeUndefined();
  });

  it('plays a channel’s stored video with its picture as poster, else shows its picture', () => {
    const [first, second, third] = tiles;
    expect(first?.main?.kind).toBe('video');
    expect(first?.poster?.kind).toBe('picture');
    expect(second?.main?.kind).toBe('video');
    expect(second?.poster).toBeUndefined();
    expect(third?.main).toBeUndefined();
  });
});
