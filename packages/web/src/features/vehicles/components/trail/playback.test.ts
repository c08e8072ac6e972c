import type { TrailPoint } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { advanceTime, frameAt, GAP_MS, indexAt, interpolateHeading } from './playback.js';

const point = (time: number, lat: number, lng: number, speed = 0, heading = 0): TrailPoint => ({ time, lat, lng, speed, heading });
const trail = [point(0, 0, 0, 0, 0), point(10_000, 1, 2, 40, 90), point(20_000, 2, 2, 60, 180)];

describe('trail playback', () => {
  it('finds the point at or before a time', () => {
    expect(indexAt(trail, -5)).toBe(0);
    expect(indexAt(trail, 0)).toBe(0);
    expect(indexAt(trail, 9_999)).toBe(0);
    expect(indexAt(trail, 10_000)).toBe(1);
    expect(indexAt(trail, 99_000)).toBe(2);
  });

  it('places the vehicle between two points by time', () => {
    expect(frameAt(trail, 5_000)).toEqual({ time: 5_000, lat: 0.5, lng: 1, speed: 20, heading: 45, index: 0 });
    expect(frameAt(trail, 15_000)).toMatchObject({ lat: 1.5, lng: 2, speed: 50, heading: 135, index: 1 });
  });

  it('stays on the trail before its start and after its end', () => {
    expect(frameAt(trail, -1_000)).toMatchObject({ time: 0, lat: 0, lng: 0 });
    expect(frameAt(trail, 50_000)).toMatchObject({ time: 20_000, lat: 2, lng: 2, index: 2 });
    expect(frameAt([], 0)).toBeNull();
  });

  it('turns the short way round', () => {
    expect(interpolateHeading(350, 10, 0.5)).toBeCloseTo(0);
    expect(interpolateHeading(10, 350, 0.25)).toBeCloseTo(5);
    expect(interpolateHeading(90, 250, 0.5)).toBeCloseTo(170);
  });

  it('waits at the last point during a gap instead of sliding across it', () => {
    const gapped = [point(0, 0, 0), point(GAP_MS + 1, 5, 5)];
    expect(frameAt(gapped, GAP_MS / 2)).toMatchObject({ lat: 0, lng: 0 });
  });

  it('plays one minute of trail per second at 1×, faster at higher speeds, and stops at the end', () => {
    const long = [point(0, 0, 0), point(60_000, 0, 1), point(120_000, 0, 2), point(170_000, 0, 3)];
    expect(advanceTime(long, 0, 500, 1)).toBe(30_000);
    expect(advanceTime(long, 0, 500, 4)).toBe(120_000);
    expect(advanceTime(long, 160_000, 1_000, 32)).toBe(170_000);
  });

  it('jumps over a gap to the next point', () => {
    const gapped = [point(0, 0, 0), point(60_000, 0, 1), point(60_000 + GAP_MS + 1, 0, 2), point(60_000 + GAP_MS + 60_001, 0, 3)];
    expect(advanceTime(gapped, 60_000, 100, 1)).toBe(60_000 + GAP_MS + 1);
  });
});
