import { describe, expect, it } from 'vitest';
import { clusterDiameter, spanAllowed, viewportOf } from './viewport.js';

describe('the map view as the server takes it', () => {
  it('sends a plain box with four decimals and a whole zoom', () => {
    expect(viewportOf({ west: 10.123456, south: 59.9, east: 11.5, north: 60.2 }, 9)).toEqual({ bbox: '10.1235,59.9,11.5,60.2', zoom: 9 });
  });

  it('takes a view wider than the world as the whole world and clamps the poles', () => {
    expect(viewportOf({ west: -400, south: -95, east: 300, north: 95 }, 0)).toEqual({ bbox: '-180,-90,180,90', zoom: 0 });
  });

  it('wraps a copied world back and keeps west > east across the antimeridian', () => {
    expect(viewportOf({ west: 170, south: -10, east: 190, north: 10 }, 5).bbox).toBe('170,-10,-170,10');
    expect(viewportOf({ west: 370, south: 0, east: 380, north: 1 }, 25)).toEqual({ bbox: '10,0,20,1', zoom: 20 });
  });

  it('allows at most 92 days and never an end before the start', () => {
    const day = 86_400_000;
    expect(spanAllowed(0, 92 * day)).toBe(true);
    expect(spanAllowed(0, 92 * day + 1)).toBe(false);
    expect(spanAllowed(day, 0)).toBe(false);
  });

  it('draws bigger circles for more incidents, within bounds', () => {
    expect(clusterDiameter(1)).toBe(26);
    expect(clusterDiameter(100)).toBeGreaterThan(clusterDiameter(10));
    expect(clusterDiameter(10_000_000)).toBe(64);
  });
});
