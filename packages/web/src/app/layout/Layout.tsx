import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { credentialApi, mainRoutes, pathTo } from '@safety-shield/contract';
import { Layout as AntLayout, Breadcrumb, Drawer, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { useCan, useSelfInfo } from '../../features/auth/index.js';
import { FocusBoard } from '../../features/sos/index.js';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { initialSidebarCollapsed, saveSidebarCollapsed } from '../../shared/preferences/cookies.js';
import { usePreferences } from '../../shared/preferences/PreferencesProvider.js';
import { TimeZoneNote } from '../../shared/time/TimeZoneNote.js';
import { useTimeZone } from '../../shared/time/zone.js';
import { LanguageSelect } from '../../shared/ui/LanguageSelect.js';
import { breadcrumbOf } from '../breadcrumb.js';
import { buildMenu } from '../menu.js';
import { builtPages } from '../pages.js';
import type { RouteHandle } from '../route-handle.js';
import { HeaderSearch } from '../search/HeaderSearch.js';
import { CachedOutlet } from '../tabs/CachedOutlet.js';
import { TabsView } from '../tabs/TabsView.js';
import { useViews, ViewsProvider } from '../tabs/ViewsProvider.js';
import { FullscreenToggle } from './FullscreenToggle.js';
import { SettingsDrawer } from './SettingsDrawer.js';
import { Sidebar } from './Sidebar.js';
import { SizeSelect } from './SizeSelect.js';
import { UserMenu } from './UserMenu.js';
import { useAccountPreferences } from './use-account-preferences.js';
import { useIsMobile, useIsNarrow } from './use-is-mobile.js';
import { useOtherTabLogout } from './use-other-tab-logout.js';
import { useSelfInfoRefresh } from './use-self-info-refresh.js';
import './layout.css';
import { HeaderAction } from './HeaderAction.js';
import { HeaderMore } from './HeaderMore.js';

/** SPEC section 9: sidebar width. */
const SIDEBAR_WIDTH = 230;

export function Layout() {
  const { data: info } = useSelfInfo();
  return (
    <ViewsProvider role={info?.baseInfo.role}>
      <Shell />
    </ViewsProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  const { settings } = usePreferences();
  const views = useViews();
  const timeZone = useTimeZone();
  const [collapsed, setCollapsed] = useState(initialSidebarCollapsed);
  const matches = useMatches();
  const titleKey = matches.map((match) => (match.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  usePageTitle(titleKey);
  const { pathname } = useLocation();
  const crumbs = useMemo(() => breadcrumbOf(mainRoutes, pathname), [pathname]);
  useSelfInfoRefresh();
  useOtherTabLogout();
  const can = useCan();
  // Read once the session may ask for them (not before the first-login password change).
  useAccountPreferences(can(credentialApi.paramSetting));

  const role = info?.baseInfo.role;
  const menu = useMemo(() => (role ? buildMenu(mainRoutes, role, builtPages) : []), [role]);

  // CONSOLE.md: on mobile the sidebar is a drawer, closed on every route change.
  const mobile = useIsMobile();
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation, which `pathname` stands for
  useEffect(() => setDrawerOpen(false), [pathname, mobile]);

  const toggle = () => {
    saveSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <AntLayout className={['shell', mobile && 'mobile', narrow && 'narrow'].filter(Boolean).join(' ')}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={SIDEBAR_WIDTH}
          className="shell-drawer"
          data-testid="sidebar-drawer"
        >
          <Sidebar collapsed={false} menu={menu} showLogo={settings.sidebarLogo} />
        </Drawer>
      ) : (
        <AntLayout.Sider width={SIDEBAR_WIDTH} collapsedWidth={64} collapsed={collapsed} trigger={null} className="shell-sider">
          <Sidebar collapsed={collapsed} menu={menu} showLogo={settings.sidebarLogo} />
        </AntLayout.Sider>
      )}
      <AntLayout className="shell-main">
        <div className={settings.fixedHeader ? 'shell-top fixed' : 'shell-top'} data-testid="shell-top">
          <AntLayout.Header className="shell-header">
            {mobile ? (
              <HeaderAction label={t('navbar.openMenu')} testId="sidebar-toggle" onClick={() => setDrawerOpen(true)} expanded={drawerOpen}>
                <MenuOutlined />
              </HeaderAction>
            ) : (
              <HeaderAction label={collapsed ? t('navbar.expand') : t('navbar.collapse')} testId="sidebar-toggle" onClick={toggle}>
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </HeaderAction>
            )}
            <Breadcrumb
              className="shell-breadcrumb"
              items={[
                { title: <Link to={pathTo('Dashboard')}>{t('route.dashboard')}</Link> },
                ...crumbs.map((crumb) => ({
                  title: crumb.to ? <Link to={crumb.to}>{t(`route.${crumb.titleKey}`)}</Link> : t(`route.${crumb.titleKey}`),
                })),
              ]}
            />
            <div className="shell-header-actions">
              {role && <HeaderSearch role={role} />}
              {role && <FocusBoard role={role} />}
              <HeaderMore narrow={narrow}>
                <FullscreenToggle />
                <LanguageSelect />
                <SizeSelect />
                <SettingsDrawer />
              </HeaderMore>
              {info && <UserMenu username={info.baseInfo.username} role={info.baseInfo.role} />}
            </div>
          </AntLayout.Header>
          {settings.tabsView && <TabsView />}
        </div>
        <AntLayout.Content className="shell-content">
          {info ? (
            <>
              <TimeZoneNote />
              {/* Views draw their times once: a new zone (the profile saved) draws them all again. */}
              <CachedOutlet key={timeZone} cached={views.cached} active={views.cacheName} />
            </>
          ) : (
            <Spin size="large" />
          )}
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
