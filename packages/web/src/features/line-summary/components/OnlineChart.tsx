import { theme } from 'antd';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { type LegendComponentOption, LegendScrollComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_AND_TOOLTIP, type GridAndTooltipOption, readerNumbers } from '../../../shared/ui/chart-parts.js';
import { type ChartData, seriesColour } from './chart-data.js';
import { useOnlineText } from './use-online-text.js';

// Only what this chart draws, so the chunk stays small.
use([...GRID_AND_TOOLTIP, BarChart, LegendScrollComponent, SVGRenderer]);

type Option = ComposeOption<BarSeriesOption | LegendComponentOption | GridAndTooltipOption>;

/** The tooltip names at most this many devices of a day, the busiest first; the rest are counted. */
const TOOLTIP_DEVICES = 8;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

interface Props {
  data: ChartData;
  days: readonly string[];
  /** What the chart shows, in words: the container's label for screen readers. */
  label: string;
  height: number;
}

/**
 * Online hours per day of the table's devices: one stacked bar a day, a segment per device, so the bar's height is the
 * page's time online that day and a hovered device stands out across the days.
 */
export function OnlineChart({ data, days, label, height }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const onlineText = useOnlineText();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    const option: Option = {
      animation: false,
      textStyle: { fontFamily: token.fontFamily },
      // Labels and the axis name inside the box, the legend below it.
      grid: { left: 4, right: 12, top: 8, bottom: 36, outerBoundsMode: 'same', outerBoundsContain: 'all' },
      legend: {
        type: 'scroll',
        bottom: 0,
        textStyle: { color: token.colorText },
        pageTextStyle: { color: token.colorTextSecondary },
        pageIconColor: token.colorPrimary,
        pageIconInactiveColor: token.colorTextDisabled,
        inactiveColor: token.colorTextDisabled,
      },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText, fontFamily: token.fontFamily },
        formatter: (params: unknown) => {
          const entries = (Array.isArray(params) ? params : [params]) as { seriesIndex: number; dataIndex: number; marker: string }[];
          const at = entries[0]?.dataIndex ?? 0;
          const online = entries
            .map((entry) => ({ entry, device: data.series[entry.seriesIndex] }))
            .filter(({ device }) => (device?.seconds[at] ?? 0) > 0)
            .sort((a, b) => (b.device?.seconds[at] ?? 0) - (a.device?.seconds[at] ?? 0));
          const lines = online.slice(0, TOOLTIP_DEVICES).map(({ entry, device }) => {
            const plate = device?.licensePlate ? ` (${escapeHtml(device.licensePlate)})` : '';
            return `${entry.marker}${escapeHtml(device?.deviceUuid ?? '')}${plate}: <b>${onlineText(device?.seconds[at] ?? 0)}</b>`;
          });
          if (online.length > TOOLTIP_DEVICES) lines.push(t('lineSummary.chart.more', { count: online.length - TOOLTIP_DEVICES }));
          const total = t('lineSummary.chart.dayTotal', { time: onlineText(data.daySeconds[at] ?? 0) });
          return [`<b>${escapeHtml(days[at] ?? '')}</b>`, ...lines, total].join('<br/>');
        },
      },
      xAxis: {
        type: 'category',
        data: days.map((day) => day.slice(5)),
        axisLabel: { ...axisText, hideOverlap: true },
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisTick: { alignWithLabel: true, lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        name: t('lineSummary.chart.hours'),
        nameTextStyle: { ...axisText, align: 'left' },
        min: 0,
        axisLabel: axisText,
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: data.series.map((device, index) => ({
        type: 'bar',
        name: device.deviceUuid,
        stack: 'online',
        barMaxWidth: 36,
        emphasis: { focus: 'series' },
        itemStyle: { color: seriesColour(index) },
        data: device.hours,
      })),
    };
    chart.setOption(readerNumbers(option));
    // The sidebar folds and the window is resized: follow the container's width.
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [data, days, token, t, onlineText]);

  return <div ref={element} role="img" aria-label={label} data-testid="online-chart" style={{ width: '100%', height }} />;
}
