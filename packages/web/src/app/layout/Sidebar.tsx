import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  ClusterOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  HddOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { mainRoutes } from '@safety-shield/contract';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSelfInfo } from '../../features/auth/index.js';
import logo from '../../shared/assets/logo.svg';
import type { MenuNode } from '../menu.js';
import { routeChain } from '../route-access.js';
import { useReleaseTime } from './api/release-time.js';
import { sidebarImageFor } from './branding.js';

const icons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  alert: <AlertOutlined />,
  car: <CarOutlined />,
  map: <EnvironmentOutlined />,
  chart: <BarChartOutlined />,
  device: <HddOutlined />,
  org: <ClusterOutlined />,
  user: <TeamOutlined />,
  subscribe: <ShoppingOutlined />,
  setting: <SettingOutlined />,
};

type Items = NonNullable<MenuProps['items']>;

export function Sidebar({ collapsed, menu, showLogo }: { collapsed: boolean; menu: MenuNode[]; showLogo: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: releaseTime } = useReleaseTime();
  const { data: self } = useSelfInfo();
  const partnerImage = sidebarImageFor(self?.baseInfo.agentId, self?.baseInfo.companyId);
  // CONSOLE.md: `activeMenu` overrides the highlighted item (an edit page lights up its list).
  const selected = routeChain(mainRoutes, pathname).at(-1)?.activeMenu ?? pathname;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // The submenu holding the current page opens (again after a collapse); the others stay as the user left them.
  useEffect(() => {
    const parent = menu.find((node) => node.children?.some((child) => child.key === selected));
    if (parent && !collapsed) setOpenKeys((keys) => (keys.includes(parent.key) ? keys : [...keys, parent.key]));
  }, [menu, selected, collapsed]);

  const toItems = (nodes: MenuNode[]): Items =>
    nodes.map((node) => ({
      key: node.key,
      icon: node.icon ? (icons[node.icon] ?? <AppstoreOutlined />) : undefined,
      label: t(`route.${node.titleKey}`),
      children: node.children ? toItems(node.children) : undefined,
    }));

  return (
    <nav className="sidebar" aria-label="Main">
      {showLogo && (
        <div className="sidebar-brand" data-testid="sidebar-logo">
          <img src={logo} alt="" width={32} height={32} />
          {!collapsed && <span className="sidebar-title">{t('app.title')}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={collapsed ? undefined : setOpenKeys}
        items={toItems(menu)}
        onClick={({ key }) => void navigate(key)}
        className="sidebar-menu"
      />
      {!collapsed && (
        <footer className="sidebar-footer" data-testid="sidebar-footer">
          {partnerImage && (
            <img className="sidebar-partner" src={partnerImage.src} alt={partnerImage.alt} data-testid="sidebar-partner-image" />
          )}
          <div className="sidebar-slogan">{t('app.slogan')}</div>
          {releaseTime && <div className="sidebar-release">{t('app.release', { time: releaseTime })}</div>}
        </footer>
      )}
    </nav>
  );
}
