import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { readerNumbers } from './chart-parts.js';

// Only the parts the dashboard's and the statistics' charts draw, so the chart chunk stays small; SVG draws crisp text
// at every zoom and keeps the chunk smaller than the canvas renderer with its text measuring.
echarts.use([BarChart, CandlestickChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

interface Props {
  option: ChartOption;
  height?: number;
  testId?: string;
  /** What the chart shows, for screen readers (the chart itself is a picture to them). */
  label?: string;
}

/** One ECharts instance bound to a div: resized with its box, disposed with the component. Load it lazily. */
export default function EChart({ option, height = 280, testId, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(readerNumbers(option), true);
  }, [option]);

  const style = { width: '100%', height };
  return label ? (
    <div ref={box} style={style} data-testid={testId} role="img" aria-label={label} />
  ) : (
    <div ref={box} style={style} data-testid={testId} />
  );
}
