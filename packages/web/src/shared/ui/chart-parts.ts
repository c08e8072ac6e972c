import { GridComponent, type GridComponentOption, TooltipComponent, type TooltipComponentOption } from 'echarts/components';

/**
 * The grid and the tooltip every chart of its own here draws. Each chart registers them with its series, its extras and
 * its renderer (`use([...GRID_AND_TOOLTIP, …])`), so a chunk holds only what its chart needs.
 */
export const GRID_AND_TOOLTIP = [GridComponent, TooltipComponent];

/** The options of the grid and the tooltip, to compose a chart's option type with its own series and parts. */
export type GridAndTooltipOption = GridComponentOption | TooltipComponentOption;
