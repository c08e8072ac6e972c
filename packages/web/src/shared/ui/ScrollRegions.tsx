import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/** A scroller that overflows takes the focus and a name; one that fits is a plain box again. */
function mark(scroller: HTMLElement, label: string) {
  if (scroller.scrollWidth > scroller.clientWidth + 1) {
    if (scroller.getAttribute('aria-label') === label) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
  } else if (scroller.hasAttribute('tabindex')) {
    scroller.removeAttribute('tabindex');
    scroller.removeAttribute('role');
    scroller.removeAttribute('aria-label');
  }
}

/**
 * Every table that scrolls sideways (a phone) is a region a keyboard user must reach to scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable), on every page, drawer and dialog, built or to come: one watcher for the document
 * marks them. It looks again, once a frame at most, when the document changes or a table changes size.
 */
export function ScrollRegions() {
  const { t } = useTranslation();
  const label = t('list.table');
  useEffect(() => {
    const watched = new WeakSet<Element>();
    let frame = 0;
    const check = () => {
      frame = 0;
      for (const scroller of document.querySelectorAll<HTMLElement>(SCROLLERS)) {
        if (!watched.has(scroller)) {
          watched.add(scroller);
          sizes.observe(scroller);
          const table = scroller.querySelector('table');
          if (table) sizes.observe(table);
        }
        mark(scroller, label);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const sizes = new ResizeObserver(schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    check();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes.disconnect();
    };
  }, [label]);
  return null;
}
