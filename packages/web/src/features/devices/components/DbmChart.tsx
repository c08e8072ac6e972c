import type { DbmSample } from '@safety-shield/contract';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_AND_TOOLTIP, readerNumbers } from '../../../shared/ui/chart-parts.js';
import { numberText } from '../../../shared/ui/format.js';
import { timeAxis, timeTooltip } from '../../../shared/ui/time-chart.js';

// Only what this chart draws, so the chunk stays small.
use([...GRID_AND_TOOLTIP, LineChart, DataZoomComponent, SVGRenderer]);

/** The signal strength over time as a line; the container's label states the range and extremes for screen readers. */
export function DbmChart({ samples }: { samples: DbmSample[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const chart = init(element.current, undefined, { renderer: 'svg' });
    const option: EChartsCoreOption = {
      animation: false,
      grid: { left: 48, right: 16, top: 32, bottom: 56 },
      tooltip: timeTooltip((dbm) => t('devices.dbm.value', { value: numberText(dbm, 0) })),
      xAxis: timeAxis(samples),
      yAxis: { type: 'value', name: t('devices.dbm.unit'), scale: true, nameTextStyle: { align: 'right' } },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [
        {
          type: 'line',
          name: t('devices.dbm.unit'),
          showSymbol: samples.length < 60,
          lineStyle: { width: 1.5, color: token.colorPrimary },
          itemStyle: { color: token.colorPrimary },
          data: samples.map((sample) => [sample.time, sample.dbm]),
        },
      ],
    };
    chart.setOption(readerNumbers(option));
    // The drawer opens with an animation and the window may be resized: follow the container's width.
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [samples, token.colorPrimary, t]);

  const values = samples.map((sample) => sample.dbm);
  const label = t('devices.dbm.summary', {
    count: samples.length,
    latest: values.at(-1),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return <div ref={element} role="img" aria-label={label} data-testid="dbm-chart" style={{ width: '100%', height: 260 }} />;
}
