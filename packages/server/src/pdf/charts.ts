import { box, type Layout, MM, styles, type TextStyle } from './layout.js';

export interface ChartSeries {
  name: string;
  /** One value per category; null leaves a gap. */
  values: readonly (number | null)[];
  /** A CSS colour ('#1677ff'); by default the next of the palette. */
  color?: string;
}

export interface Chart {
  title?: string;
  /** The x axis: one label per value of every series. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** The value axis' caption ('km/h', 'incidents'). */
  unit?: string;
  /** Height of the whole chart with title and legend, in mm (default 80). */
  height?: number;
  /**
   * What the chart says when it has nothing to draw (no category, or no value other than zero and gaps), in the
   * document's language: "No data for this period". It replaces the axes, which would otherwise run from 0 to 1.
   */
  empty: string;
}

/** How high an empty chart is: its title and its message, no room for axes, in mm. */
const EMPTY_HEIGHT = 16;

/** A chart with no category or no value other than zero and gaps. */
export const isEmptyChart = (chart: Pick<Chart, 'categories' | 'series'>) =>
  chart.categories.length === 0 ||
  chart.series.every((series) => series.values.every((value) => value === null || value === 0 || !Number.isFinite(value)));

/** The height a chart takes on the page, in points. */
export const chartHeight = (chart: Chart) => (isEmptyChart(chart) ? EMPTY_HEIGHT : (chart.height ?? 80)) * MM;

/** The console's chart colours (antd's presets), so a report looks like the dashboard it comes from. */
const palette = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];
const grid = '#e8e8e8';
const axis = '#8c8c8c';
const label: TextStyle = { size: 7.5, color: '#595959' };

/** Round tick values from `low` to `high` (both inside), about `count` steps: 0, 2.5, 5 … or 0, 200, 400 … */
export function ticks(low: number, high: number, count = 5): number[] {
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = magnitude * ([1, 2, 2.5, 5, 10].find((nice) => raw / magnitude <= nice) ?? 10);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toFixed(decimals)));
}

/** Draws a bar chart (grouped bars per category) or a line chart as vector paths, with axes, labels and legend. */
export function drawChart(layout: Layout, kind: 'bar' | 'line', chart: Chart): void {
  const { doc } = layout;
  const height = chartHeight(chart);
  layout.ensure(height);
  const top = layout.y;
  if (isEmptyChart(chart)) {
    let y = top;
    // What the chart would have shown: its title, else its value axis' caption.
    const name = chart.title ?? chart.unit;
    if (name) {
      layout.draw(layout.clip(name, styles.smallBold, box.width), box.left, y, styles.smallBold);
      y += layout.lineHeight(styles.smallBold) + 1 * MM;
    }
    // A light frame where the chart would be, the message in its middle.
    const frame = top + height - y;
    doc.rect(box.left, y, box.width, frame).fill('#fafafa');
    const message = layout.clip(chart.empty, styles.body, box.width - 4 * MM);
    layout.draw(
      message,
      box.left,
      y + (frame - layout.lineHeight(styles.body)) / 2,
      { ...styles.body, color: '#595959' },
      'center',
      box.width,
    );
    layout.y = top + height + 3 * MM;
    return;
  }
  const colours = chart.series.map((series, i) => series.color ?? palette[i % palette.length] ?? '#000000');
  let y = top;
  if (chart.title) {
    layout.draw(layout.clip(chart.title, styles.smallBold, box.width), box.left, y, styles.smallBold);
    y += layout.lineHeight(styles.smallBold) + 1 * MM;
  }
  if (chart.unit) {
    layout.draw(chart.unit, box.left, y, label);
    y += layout.lineHeight(label);
  }

  // The legend's rows at the bottom: a swatch and the series' name, as many per row as fit.
  const swatch = 3 * MM;
  const legend: { x: number; row: number; name: string; colour: string }[] = [];
  let [x, row] = [box.left, 0];
  for (const [i, series] of chart.series.entries()) {
    const name = layout.clip(series.name, label, box.width - swatch - 1 * MM);
    const width = swatch + 1 * MM + layout.width(name, label) + 4 * MM;
    if (x > box.left && x + width > box.right) [x, row] = [box.left, row + 1];
    legend.push({ x, row, name, colour: colours[i] ?? '#000000' });
    x += width;
  }
  const rowHeight = layout.lineHeight(label);
  const legendTop = top + height - (row + 1) * rowHeight;

  // The value axis: round ticks over the values and zero.
  const values = chart.series.flatMap((series) =>
    series.values.filter((value): value is number => value !== null && Number.isFinite(value)),
  );
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const steps = ticks(low, high > low ? high : low + 1);
  const [min = 0, max = 1] = [steps[0], steps.at(-1)];
  const tickLabels = steps.map(layout.number);
  const plot = {
    left: box.left + Math.max(...tickLabels.map((text) => layout.width(text, label))) + 2 * MM,
    right: box.right,
    top: y + label.size,
    bottom: legendTop - 2 * MM - rowHeight,
  };
  const yOf = (value: number) => plot.bottom - ((value - min) / (max - min)) * (plot.bottom - plot.top);

  for (const [i, value] of steps.entries()) {
    doc.moveTo(plot.left, yOf(value)).lineTo(plot.right, yOf(value)).lineWidth(0.5).strokeColor(grid).stroke();
    layout.draw(tickLabels[i] ?? '', box.left, yOf(value) - label.size * 0.6, label, 'right', plot.left - box.left - 1.5 * MM);
  }
  doc.moveTo(plot.left, plot.top).lineTo(plot.left, plot.bottom).lineTo(plot.right, plot.bottom).lineWidth(0.75).strokeColor(axis).stroke();
  if (min < 0) doc.moveTo(plot.left, yOf(0)).lineTo(plot.right, yOf(0)).lineWidth(0.75).strokeColor(axis).stroke();

  // The categories: a slot each; labels centred under their slot, every n-th when they would overlap.
  const count = Math.max(1, chart.categories.length);
  const slot = (plot.right - plot.left) / count;
  const widest = Math.max(0, ...chart.categories.map((category) => layout.width(category, label)));
  const every = Math.max(1, Math.ceil((Math.min(widest, 30 * MM) + 2 * MM) / slot));
  for (const [i, category] of chart.categories.entries()) {
    if (i % every !== 0) continue;
    const text = layout.clip(category, label, slot * every - 1 * MM);
    layout.draw(text, plot.left + (i + 0.5) * slot - (slot * every) / 2, plot.bottom + 1 * MM, label, 'center', slot * every);
  }

  if (kind === 'bar') {
    const group = slot * 0.75;
    const bar = group / Math.max(1, chart.series.length);
    for (const [s, series] of chart.series.entries())
      for (const [i, value] of series.values.entries()) {
        if (value === null || value === 0 || !Number.isFinite(value) || i >= count) continue;
        const x = plot.left + i * slot + (slot - group) / 2 + s * bar;
        const [from, to] = [yOf(Math.max(0, value)), yOf(Math.min(0, value))];
        doc.rect(x, from, Math.max(0.5, bar - 0.5), Math.max(0.3, to - from)).fill(colours[s] ?? '#000000');
      }
  } else {
    for (const [s, series] of chart.series.entries()) {
      const colour = colours[s] ?? '#000000';
      let [drawing, points] = [false, 0];
      for (const [i, value] of series.values.entries()) {
        if (value === null || !Number.isFinite(value) || i >= count) {
          drawing = false;
          continue;
        }
        const [px, py] = [plot.left + (i + 0.5) * slot, yOf(value)];
        if (drawing) doc.lineTo(px, py);
        else doc.moveTo(px, py);
        [drawing, points] = [true, points + 1];
      }
      if (points > 0) doc.lineWidth(1.5).strokeColor(colour).lineJoin('round').stroke();
      if (count <= 60)
        for (const [i, value] of series.values.entries())
          if (value !== null && Number.isFinite(value) && i < count) doc.circle(plot.left + (i + 0.5) * slot, yOf(value), 1.6).fill(colour);
    }
  }

  for (const item of legend) {
    const ly = legendTop + item.row * rowHeight;
    doc.rect(item.x, ly + (rowHeight - swatch) / 2 - 0.5, swatch, swatch).fill(item.colour);
    layout.draw(item.name, item.x + swatch + 1 * MM, ly, label);
  }
  layout.y = top + height + 3 * MM;
}
