import type { StatisticsSeries } from '@safety-shield/contract';
import type { ChartOption } from '../../../shared/ui/EChart.js';
import { unitText } from '../../../shared/ui/format.js';

interface Line {
  name: string;
  counts: number[];
}

/** Stacked bars over the buckets, one series per line (type or tag), with a legend under the chart. */
export function stackedBars(series: StatisticsSeries, lines: Line[]): ChartOption {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 16, bottom: 72, containLabel: true },
    tooltip: { trigger: 'axis', confine: true },
    legend: { bottom: 0, type: 'plain' },
    xAxis: { type: 'category', data: series.buckets.map((b) => b.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: lines.map((line) => ({ type: 'bar', stack: 'all', name: line.name, data: line.counts, barMaxWidth: 32 })),
  };
}

/** Distance driven per bucket (bars, km) and incidents per 100 km (a line on its own axis). */
export function distanceBars(series: StatisticsSeries, names: { distance: string; per100Km: string }, colour: string): ChartOption {
  return {
    animation: false,
    color: [colour, '#d4380d'],
    grid: { left: 48, right: 48, top: 24, bottom: 56, containLabel: true },
    tooltip: { trigger: 'axis', confine: true },
    legend: { bottom: 0 },
    xAxis: { type: 'category', data: series.buckets.map((b) => b.label) },
    yAxis: [
      { type: 'value', name: unitText('kilometer') },
      { type: 'value', name: `/100 ${unitText('kilometer')}`, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.distance, data: series.buckets.map((b) => b.distanceKm), barMaxWidth: 32 },
      {
        type: 'line',
        name: names.per100Km,
        yAxisIndex: 1,
        data: series.buckets.map((b) => (b.distanceKm > 0 ? Math.round((b.incidents / b.distanceKm) * 10_000) / 100 : null)),
      },
    ],
  };
}

/** A score (0–100) per bucket as a line: a bucket without a score is a gap; the grid lines fall on the bands' edges. */
export function scoreLine(trend: readonly { label: string; score: number | null }[], name: string, colour: string): ChartOption {
  return {
    animation: false,
    color: [colour],
    grid: { left: 40, right: 16, top: 16, bottom: 32, containLabel: true },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', data: trend.map((bucket) => bucket.label) },
    yAxis: { type: 'value', min: 0, max: 100, interval: 20 },
    series: [
      {
        type: 'line',
        name,
        data: trend.map((bucket) => bucket.score),
        connectNulls: false,
        showSymbol: true,
        symbol: 'circle',
        symbolSize: 7,
      },
    ],
  };
}
