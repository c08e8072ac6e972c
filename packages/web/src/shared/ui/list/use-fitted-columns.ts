import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { layColumns, splitColumns } from './column-layout.js';
import type { ListColumns } from './columns.js';
import { useColumnChoice } from './use-column-choice.js';
import { useElementWidth } from './use-element-width.js';

/**
 * A table's columns for its own width and the user's choice. The widths are estimates: when the drawn table still
 * scrolls sideways, the least important shown column gives way, one at a time, until it fits (before the browser
 * paints). A new width or choice starts again from the estimates.
 */
export function useFittedColumns<T>(tableId: string, columns: ListColumns<T>, selection: boolean) {
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const parts = useMemo(() => splitColumns(columns), [columns]);
  const { choice, change } = useColumnChoice(
    tableId,
    parts.movable.map(({ id }) => id),
  );
  const signature = `${width}|${choice.order.join(',')}|${choice.hidden.join(',')}`;
  const [drops, setDrops] = useState({ signature: '', count: 0 });
  const drop = drops.signature === signature ? drops.count : 0;
  const laid = layColumns(columns, choice, width ?? 0, { drop, selection });

  useLayoutEffect(() => {
    const scroller = containerRef.current?.querySelector('.ant-table-content, .ant-table-body');
    if (!scroller || width === undefined || laid.droppable === 0) return;
    if (scroller.scrollWidth > scroller.clientWidth + 1) setDrops({ signature, count: drop + 1 });
  });

  return { containerRef, laid, parts, choice, change };
}
