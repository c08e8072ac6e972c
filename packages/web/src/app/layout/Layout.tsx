import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { mainRoutes } from '@safety-shield/contract';
import { Layout as AntLayout, Breadcrumb, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { useSelfInfo } from '../../features/auth/index.js';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { initialSidebarCollapsed, saveSidebarCollapsed } from '../../shared/preferences/cookies.js';
import { LanguageSelect } from '../../shared/ui/LanguageSelect.js';
import { breadcrumbOf } from '../breadcrumb.js';
import { implementedPages } from '../implemented-pages.js';
import { buildMenu } from '../menu.js';
import type { RouteHandle } from '../router.js';
import { Sidebar } from './Sidebar.js';
import { SizeSelect } from './SizeSelect.js';
import { UserMenu } from './UserMenu.js';
import { useMustChangePassword } from './use-must-change-password.js';
import './layout.css';

/** SPEC section 9: sidebar width. */
const SIDEBAR_WIDTH = 230;

export function Layout() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  const [collapsed, setCollapsed] = useState(initialSidebarCollapsed);
  const matches = useMatches();
  const titleKey = matches.map((match) => (match.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  usePageTitle(titleKey);
  const { pathname } = useLocation();
  const crumbs = useMemo(() => breadcrumbOf(mainRoutes, pathname), [pathname]);
  useMustChangePassword();

  const role = info?.baseInfo.role;
  const menu = useMemo(() => (role ? buildMenu(mainRoutes, role, implementedPages) : []), [role]);

  const toggle = () => {
    saveSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <AntLayout className="shell">
      <AntLayout.Sider width={SIDEBAR_WIDTH} collapsedWidth={64} collapsed={collapsed} trigger={null} className="shell-sider">
        <Sidebar collapsed={collapsed} menu={menu} />
      </AntLayout.Sider>
      <AntLayout>
        <AntLayout.Header className="shell-header">
          <button
            type="button"
            className="header-action"
            onClick={toggle}
            aria-label={collapsed ? t('navbar.expand') : t('navbar.collapse')}
            data-testid="sidebar-toggle"
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
          <Breadcrumb
            className="shell-breadcrumb"
            items={[
              { title: <Link to="/dashboard">{t('route.dashboard')}</Link> },
              ...crumbs.map((crumb) => ({
                title: crumb.to ? <Link to={crumb.to}>{t(`route.${crumb.titleKey}`)}</Link> : t(`route.${crumb.titleKey}`),
              })),
            ]}
          />
          <div className="shell-header-actions">
            <LanguageSelect />
            <SizeSelect />
            {info && <UserMenu username={info.baseInfo.username} />}
          </div>
        </AntLayout.Header>
        <AntLayout.Content className="shell-content">{info ? <Outlet /> : <Spin size="large" />}</AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
