import type { OnlineSummaryRecord } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data.js';

const record = (deviceUuid: string, days: OnlineSummaryRecord['days']): OnlineSummaryRecord => ({
  deviceId: 1,
  deviceUuid,
  vehicleId: null,
  licensePlate: null,
  days,
  totalSeconds: days.reduce((sum, day) => sum + day.seconds, 0),
});

describe('the chart of online hours', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

  it('gives each device its hours on every day, 0 where it was not online', () => {
    const data = chartData([record('A', [{ day: '2026-03-02', seconds: 5_400 }])], days);
    expect(data.series).toEqual([{ deviceUuid: 'A', licensePlate: null, seconds: [0, 5_400, 0], hours: [0, 1.5, 0] }]);
  });

  it('adds the devices up per day and finds the busiest day', () => {
    const data = chartData(
      [
        record('A', [
          { day: '2026-03-01', seconds: 3_600 },
          { day: '2026-03-03', seconds: 7_200 },
        ]),
        record('B', [{ day: '2026-03-03', seconds: 1_800 }]),
      ],
      days,
    );
    expect(data.daySeconds).toEqual([3_600, 0, 9_000]);
    expect(data.totalSeconds).toBe(12_600);
    expect(data.busiest).toEqual({ day: '2026-03-03', seconds: 9_000 });
  });

  it('leaves out devices never online, and has no busiest day without time', () => {
    const data = chartData([record('A', [])], days);
    expect(data.series).toEqual([]);
    expect(data.busiest).toBeUndefined();
  });
});
