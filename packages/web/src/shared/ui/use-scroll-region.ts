import { type RefObject, useLayoutEffect } from 'react';

/**
 * A table that scrolls sideways (a phone) is a region a keyboard user must reach to scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable): while its scroller overflows it takes the focus and is named after the table; when
 * everything fits it is an ordinary box again. Watches the container's and the scroller's size.
 */
export function useScrollRegion(containerRef: RefObject<HTMLElement | null>, label: string) {
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const update = () => {
      const scroller = container.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (!scroller) return;
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', label);
      } else if (scroller.hasAttribute('tabindex')) {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(container);
    const table = container.querySelector('.ant-table-content table, .ant-table-body table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
}
