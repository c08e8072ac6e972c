import { CloseOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useViews } from './ViewsProvider.js';
import type { VisitedView } from './visited-views.js';
import './tabs.css';

interface OpenMenu {
  view: VisitedView;
  left: number;
  top: number;
}

/** Wide enough for the longest entry in every language; the menu is kept inside the bar by this much. */
const MENU_WIDTH = 190;
/** SPEC section 9: tab scroll padding. */
const SCROLL_PADDING = 4;

/** The tab bar of visited views (CONSOLE.md): click opens, middle-click closes, right-click opens the menu. */
export function TabsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { views, refresh, close, closeOthers, closeAll } = useViews();
  const { token } = theme.useToken();
  const bar = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<OpenMenu>();

  // Any click elsewhere or a scroll closes the menu.
  useEffect(() => {
    if (!menu) return;
    const hide = () => setMenu(undefined);
    window.addEventListener('click', hide);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('click', hide);
      window.removeEventListener('scroll', hide, true);
    };
  }, [menu]);

  // The active tab scrolls into sight within the bar (not scrollIntoView: that would scroll the page as well).
  useEffect(() => {
    const strip = bar.current;
    const item = strip?.querySelector<HTMLElement>(`[data-path="${CSS.escape(pathname)}"]`);
    if (!strip || !item) return;
    const left = item.offsetLeft - SCROLL_PADDING;
    const right = item.offsetLeft + item.offsetWidth + SCROLL_PADDING - strip.clientWidth;
    if (strip.scrollLeft > left) strip.scrollLeft = left;
    else if (strip.scrollLeft < right) strip.scrollLeft = right;
  }, [pathname]);

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    const box = bar.current?.getBoundingClientRect();
    const right = Math.min(box?.right ?? window.innerWidth, window.innerWidth);
    setMenu({ view, left: Math.max(0, Math.min(event.clientX + 4, right - MENU_WIDTH)), top: event.clientY + 4 });
  };
  const act = (action: (view: VisitedView) => void) => () => {
    if (menu) action(menu.view);
    setMenu(undefined);
  };

  return (
    <div className="tabs-view" ref={bar} role="tablist" aria-label={t('tagsView.label')} data-testid="tabs-view">
      {views.map((view) => {
        const active = view.path === pathname;
        const title = t(`route.${view.titleKey}`);
        return (
          <div
            key={view.path}
            role="tab"
            tabIndex={0}
            aria-selected={active}
            aria-label={title}
            data-path={view.path}
            className={active ? 'tabs-view-item active' : 'tabs-view-item'}
            style={active ? { background: token.colorPrimary, borderColor: token.colorPrimary } : undefined}
            aria-keyshortcuts={view.affix ? undefined : 'Delete'}
            onClick={() => void navigate(view.fullPath)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void navigate(view.fullPath);
              if (event.key === 'Delete' && !view.affix) close(view);
            }}
            onMouseUp={(event) => {
              if (event.button === 1 && !view.affix) close(view);
            }}
            onContextMenu={(event) => openMenu(event, view)}
          >
            <span>{title}</span>
            {/* A pointer's close control; a keyboard closes the focused tab with Delete (a control inside a tab is not allowed). */}
            {!view.affix && (
              <span
                className="tabs-view-close"
                aria-hidden="true"
                title={t('tagsView.closeTab', { title })}
                onClick={(event) => {
                  event.stopPropagation();
                  close(view);
                }}
              >
                <CloseOutlined />
              </span>
            )}
          </div>
        );
      })}
      {menu && (
        <div className="tabs-view-menu" role="menu" style={{ left: menu.left, top: menu.top }} data-testid="tabs-view-menu">
          <MenuItem label={t('tagsView.refresh')} onClick={act(refresh)} />
          {!menu.view.affix && <MenuItem label={t('tagsView.close')} onClick={act(close)} />}
          <MenuItem label={t('tagsView.closeOthers')} onClick={act(closeOthers)} />
          <MenuItem label={t('tagsView.closeAll')} onClick={act(closeAll)} />
        </div>
      )}
    </div>
  );
}

function MenuItem({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" role="menuitem" onClick={onClick}>
      {label}
    </button>
  );
}
