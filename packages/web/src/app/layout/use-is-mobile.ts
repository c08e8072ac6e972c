import { useSyncExternalStore } from 'react';

/** SPEC section 9: below 992 px the console is laid out for mobile. */
export const MOBILE_BREAKPOINT = 992;
/** Below this a phone's header has room for its essentials only; the rest folds into one menu (issue 16). */
export const NARROW_BREAKPOINT = 576;

// CONSOLE.md measures the body, less one pixel, as the original pattern does.
const bodyBelow = (breakpoint: number) => () => document.body.getBoundingClientRect().width - 1 < breakpoint;
const isMobile = bodyBelow(MOBILE_BREAKPOINT);
const isNarrow = bodyBelow(NARROW_BREAKPOINT);

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export const useIsMobile = () => useSyncExternalStore(subscribe, isMobile);
/** A phone's width: the header folds its secondary buttons into a "more" menu. */
export const useIsNarrow = () => useSyncExternalStore(subscribe, isNarrow);
