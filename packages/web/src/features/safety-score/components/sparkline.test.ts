import { describe, expect, it } from 'vitest';
import { sparkRuns } from './sparkline.js';

describe('sparkRuns', () => {
  it('spreads the values over the width, 100 at the top and 0 at the bottom', () => {
    expect(sparkRuns([0, 50, 100], 100, 40)).toEqual([
      [
        { x: 0, y: 40 },
        { x: 50, y: 20 },
        { x: 100, y: 0 },
      ],
    ]);
  });

  it('breaks the line where a period has no score, a lone score being a run of one', () => {
    const runs = sparkRuns([80, 90, null, 70, null, null, 60, 65], 70, 10);
    expect(runs.map((run) => run.map((point) => point.x))).toEqual([[0, 10], [30], [60, 70]]);
  });

  it('draws nothing without a score, and a single score in the middle', () => {
    expect(sparkRuns([null, null], 100, 40)).toEqual([]);
    expect(sparkRuns([100], 100, 40)).toEqual([[{ x: 50, y: 0 }]]);
  });
});
