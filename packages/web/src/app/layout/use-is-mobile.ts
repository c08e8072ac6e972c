import { useSyncExternalStore } from 'react';

/** SPEC section 9: below 992 px the console is laid out for mobile. */
export const MOBILE_BREAKPOINT = 992;

// CONSOLE.md measures the body, less one pixel, as the original pattern does.
const isMobile = () => document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export const useIsMobile = () => useSyncExternalStore(subscribe, isMobile);
