import { GridComponent, type GridComponentOption, TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { numberText } from './format.js';

/**
 * The grid and the tooltip every chart of its own here draws. Each chart registers them with its series, its extras and
 * its renderer (`use([...GRID_AND_TOOLTIP, …])`), so a chunk holds only what its chart needs.
 */
export const GRID_AND_TOOLTIP = [GridComponent, TooltipComponent];

/** The options of the grid and the tooltip, to compose a chart's option type with its own series and parts. */
export type GridAndTooltipOption = GridComponentOption | TooltipComponentOption;

type Part = Record<string, unknown> & { type?: string; axisLabel?: Record<string, unknown> };

/** A value axis's labels in the reader's numbers, unless the chart writes them itself. */
const valueAxis = (axis: Part): Part =>
  axis.type === 'value' && !axis.axisLabel?.formatter
    ? { ...axis, axisLabel: { ...axis.axisLabel, formatter: (value: number) => numberText(value, 2) } }
    : axis;

/**
 * A chart's numbers in the reader's language (issue 29): ECharts writes 1,234.5 in every language, so the value axes'
 * labels and the tooltip's values are given formatters, where the chart has none of its own.
 */
export function readerNumbers<T extends object>(option: T): T {
  const parts = option as Record<string, unknown>;
  const out: Record<string, unknown> = { ...parts };
  for (const key of ['xAxis', 'yAxis']) {
    const axis = parts[key];
    if (Array.isArray(axis)) out[key] = axis.map((one: Part) => valueAxis(one));
    else if (axis && typeof axis === 'object') out[key] = valueAxis(axis as Part);
  }
  const tooltip = parts.tooltip as Record<string, unknown> | undefined;
  if (tooltip && !tooltip.formatter && !tooltip.valueFormatter)
    out.tooltip = {
      ...tooltip,
      valueFormatter: (value: unknown) => (typeof value === 'number' ? numberText(value, 2) : String(value ?? '—')),
    };
  return out as T;
}
