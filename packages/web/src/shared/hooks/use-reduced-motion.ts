import { useSyncExternalStore } from 'react';

/** The system's "reduce motion" setting (WCAG 2.3.3): antd's own animations stop when it is on. */
const query = typeof window === 'undefined' ? undefined : window.matchMedia('(prefers-reduced-motion: reduce)');

function subscribe(onChange: () => void): () => void {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}
