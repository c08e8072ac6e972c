import type { DbmSample } from '@safety-shield/contract';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { timeAxis, timeTooltip } from '../../../shared/ui/time-chart.js';

// Only what this chart draws, so its chunk stays small.
use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

/** Signal strength as a line over time; the container's label gives screen readers the range and the extremes. */
export function SignalChart({ samples }: { samples: DbmSample[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const chart = init(element.current, undefined, { renderer: 'svg' });
    const option: EChartsCoreOption = {
      animation: false,
      grid: { left: 48, right: 16, top: 32, bottom: 56 },
      tooltip: timeTooltip((dbm) => `${dbm} dBm`),
      xAxis: timeAxis(samples),
      yAxis: {
        type: 'value',
        name: 'dBm',
        scale: true,
        nameTextStyle: { align: 'right', color: token.colorTextSecondary },
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [
        {
          type: 'line',
          name: 'dBm',
          showSymbol: samples.length < 60,
          lineStyle: { width: 1.5, color: token.colorPrimary },
          itemStyle: { color: token.colorPrimary },
          // Filled down to the axis's lowest value: dBm are negative, and the default fills up to 0.
          areaStyle: { color: token.colorPrimaryBg, origin: 'start' },
          data: samples.map((sample) => [sample.time, sample.dbm]),
        },
      ],
    };
    chart.setOption(option);
    // The window may be resized and the tab shown later: follow the container's width.
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [samples, token.colorPrimary, token.colorPrimaryBg, token.colorTextSecondary, token.colorBorderSecondary]);

  const values = samples.map((sample) => sample.dbm);
  const label = t('deviceDetail.signal.summary', {
    count: samples.length,
    latest: values.at(-1),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return <div ref={element} role="img" aria-label={label} data-testid="signal-chart" style={{ width: '100%', height: 280 }} />;
}
