import type { TrailPoint } from '@safety-shield/contract';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import { MarkLineComponent, type MarkLineComponentOption } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_AND_TOOLTIP, type GridAndTooltipOption, readerNumbers } from '../../../../shared/ui/chart-parts.js';
import { speedText, unitText } from '../../../../shared/ui/format.js';
import { timeAxis, timeTooltip } from '../../../../shared/ui/time-chart.js';

// Only the parts this chart draws: the whole of ECharts would triple the chunk.
use([...GRID_AND_TOOLTIP, LineChart, MarkLineComponent, CanvasRenderer]);

type Option = ComposeOption<LineSeriesOption | MarkLineComponentOption | GridAndTooltipOption>;

/** The playback cursor moves at most this often: redrawing the chart every animation frame costs more than it shows. */
const CURSOR_INTERVAL_MS = 100;

interface Props {
  points: readonly TrailPoint[];
  /** The playback's time: a vertical line. */
  time: number;
  /** A click on the chart seeks the playback there. */
  onSeek(time: number): void;
}

/** Speed over time along the trail, with the playback position; click to seek. */
export function SpeedChart({ points, time, onSeek }: Props) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  const lastCursor = useRef(0);
  const latest = useRef(time);
  latest.current = time;
  const unit = unitText('kilometer-per-hour');

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const instance = init(container, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const option: Option = {
      animation: false,
      grid: { left: 48, right: 16, top: 24, bottom: 28 },
      tooltip: timeTooltip((speed) => speedText(speed, 0)),
      xAxis: timeAxis(points, { fitted: true }),
      yAxis: { type: 'value', name: unit, min: 0, nameTextStyle: { align: 'right' } },
      series: [
        {
          id: 'speed',
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1.5, color: '#1677ff' },
          areaStyle: { color: 'rgba(22,119,255,0.12)' },
          data: points.map((point) => [point.time, point.speed]),
        },
        // The cursor on a series of its own: moving it does not redraw the speeds' data.
        { id: 'cursor', type: 'line', data: [], markLine: { symbol: 'none', silent: true, animation: false, data: [] } },
      ],
    };
    instance.setOption(readerNumbers(option));
    // A chart made again (new points, new language) shows the playback where it is.
    moveCursor(instance, latest.current);
    // A click anywhere in the plot (not only on the line) seeks to that time.
    instance.getZr().on('click', (event) => {
      const [x] = instance.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]) as [number, number];
      if (Number.isFinite(x)) seek.current(x);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [points, unit]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const now = performance.now();
    if (now - lastCursor.current < CURSOR_INTERVAL_MS) {
      // Catch up shortly after: the last position of a burst is always drawn.
      const timer = setTimeout(() => moveCursor(instance, time), CURSOR_INTERVAL_MS);
      return () => clearTimeout(timer);
    }
    lastCursor.current = now;
    moveCursor(instance, time);
  }, [time]);

  return (
    <div
      ref={element}
      style={{ width: '100%', height: 180 }}
      role="img"
      aria-label={t('vehicles.trail.speedChart')}
      data-testid="speed-chart"
    />
  );
}

function moveCursor(instance: ReturnType<typeof init>, time: number) {
  instance.setOption({
    series: [
      {
        id: 'cursor',
        markLine: { data: [{ xAxis: time }], lineStyle: { color: '#fa541c', width: 2, type: 'solid' }, label: { show: false } },
      },
    ],
  });
}
