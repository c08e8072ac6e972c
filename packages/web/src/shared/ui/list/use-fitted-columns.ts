import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { layColumns, splitColumns } from './column-layout.js';
import type { ListColumns } from './columns.js';
import { useColumnChoice } from './use-column-choice.js';
import { useElementWidth } from './use-element-width.js';

/**
 * A table's columns for its own width and the user's choice. The widths are estimates, corrected by the drawn table
 * before the browser paints: while it has room, the next column by priority is tried; when it scrolls sideways, the
 * least important shown one gives way, and from then on the table only gives way (so it settles, never flickers).
 * A new width or choice starts again from the estimates.
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
  const [fit, setFit] = useState({ signature: '', adjust: 0, settled: false });
  const current = fit.signature === signature ? fit : { signature, adjust: 0, settled: false };
  const laid = layColumns(columns, choice, width ?? 0, { adjust: current.adjust, selection });

  useLayoutEffect(() => {
    const scroller = containerRef.current?.querySelector('.ant-table-content, .ant-table-body');
    if (!scroller || width === undefined) return;
    const overflows = scroller.scrollWidth > scroller.clientWidth + 1;
    if (overflows && laid.droppable > 0) setFit({ signature, adjust: current.adjust - 1, settled: true });
    else if (!overflows && !current.settled && laid.growable > 0) setFit({ signature, adjust: current.adjust + 1, settled: false });
  });

  return { containerRef, laid, parts, choice, change };
}
