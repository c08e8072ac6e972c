import { describe, expect, it } from 'vitest';
import { graticuleLines, graticuleStep } from './graticule.js';

describe('the background grid of a map without tiles', () => {
  it('picks a coarse step for the world and a fine one for a street', () => {
    expect(graticuleStep(180)).toBe(30);
    expect(graticuleStep(1)).toBe(0.2);
    expect(graticuleStep(0.01)).toBe(0.002);
    expect(graticuleStep(0.0001)).toBe(0.0005);
  });

  it('falls back to the coarsest step for an empty or broken span', () => {
    expect(graticuleStep(0)).toBe(30);
    expect(graticuleStep(Number.NaN)).toBe(30);
  });

  it('draws lines on multiples of the step inside the box', () => {
    const lines = graticuleLines({ south: 59.88, west: 10.68, north: 59.95, east: 10.81 }, 0.05);
    expect(lines.latitudes).toEqual([59.9, 59.95]);
    expect(lines.longitudes).toEqual([10.7, 10.75, 10.8]);
  });

  it('keeps parallels away from the poles, where the map stops', () => {
    expect(graticuleLines({ south: -90, west: 0, north: 90, east: 1 }, 30).latitudes).toEqual([-60, -30, 0, 30, 60]);
  });
});
