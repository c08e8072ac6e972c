import { Activity, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';

interface LiveView {
  element: ReactNode;
  /** The location the view last had: a hidden view keeps reading its own URL, not the one on screen. */
  location: React.ContextType<typeof LocationContext>;
}

/**
 * The layout's outlet with the tab bar's cache (CONSOLE.md): each cached view stays mounted and keeps its state
 * (typed filters, scroll) until it is evicted, refreshed or closed. A hidden view is paused by `<Activity>` and its
 * DOM is taken out of the document, so that it neither clashes with the shown page (ids, texts) nor is read out.
 */
export function CachedOutlet({ cached, active }: { cached: readonly string[]; active: string | undefined }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const live = useRef(new Map<string, LiveView>()).current;
  const [host, setHost] = useState<HTMLDivElement | null>(null);

  if (active) {
    const known = live.get(active);
    const same = known?.location.location === location;
    live.set(active, { element: outlet, location: same && known ? known.location : { location, navigationType } });
  }
  for (const name of [...live.keys()]) if (name !== active && !cached.includes(name)) live.delete(name);

  useScrollPerView(active);

  return (
    <>
      <div ref={setHost} className="cached-views" />
      {host &&
        [...live].map(([name, view]) => (
          <DetachableView key={name} host={host} visible={name === active}>
            <LocationContext.Provider value={view.location}>{view.element}</LocationContext.Provider>
          </DetachableView>
        ))}
      {!active && outlet}
    </>
  );
}

/** Renders into its own element, which sits in `host` only while the view is shown. */
function DetachableView({ host, visible, children }: { host: HTMLElement; visible: boolean; children: ReactNode }) {
  const [container] = useState(() => document.createElement('div'));
  return createPortal(
    <>
      {/* First, so the view is in the document before its own layout effects measure it. */}
      <Attach host={host} container={container} visible={visible} />
      <Activity mode={visible ? 'visible' : 'hidden'}>{children}</Activity>
    </>,
    container,
  );
}

function Attach({ host, container, visible }: { host: HTMLElement; container: HTMLElement; visible: boolean }) {
  useLayoutEffect(() => {
    if (visible) host.appendChild(container);
    else container.remove();
  }, [host, container, visible]);
  useLayoutEffect(() => () => container.remove(), [container]);
  return null;
}

/** The window's scroll position of each cached view, given back when it is shown again. */
function useScrollPerView(active: string | undefined) {
  const positions = useRef(new Map<string, number>()).current;
  const current = useRef(active);
  useLayoutEffect(() => {
    current.current = active;
    window.scrollTo(0, active ? (positions.get(active) ?? 0) : 0);
  }, [active, positions]);
  useEffect(() => {
    const remember = () => {
      if (current.current) positions.set(current.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [positions]);
}
