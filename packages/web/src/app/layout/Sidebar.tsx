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
import { mainRoutes, pathTo } from '@safety-shield/contract';
import { Badge, Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSelfInfo } from '../../features/auth/index.js';
import { useDeviceAlertCount, useDeviceAlertFeed } from '../../features/device-alerts/index.js';
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

/** SPEC section 2: the red badge of pending device alerts sits on the device maintenance item and on the menu holding it. */
const ALERT_MENU_KEY = pathTo('DeviceMaintenance');
const holds = (node: MenuNode, key: string): boolean => node.key === key || (node.children ?? []).some((child) => holds(child, key));

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
  const alertsShown = menu.some((node) => holds(node, ALERT_MENU_KEY));
  const alerts = useDeviceAlertCount(alertsShown).data?.count ?? 0;
  useDeviceAlertFeed(alertsShown);
  // The submenu holding the current page opens (again after a collapse); the others stay as the user left them.
  useEffect(() => {
    const parent = menu.find((node) => node.children?.some((child) => child.key === selected));
    if (parent && !collapsed) setOpenKeys((keys) => (keys.includes(parent.key) ? keys : [...keys, parent.key]));
  }, [menu, selected, collapsed]);

  const badged = (node: MenuNode) => alerts > 0 && holds(node, ALERT_MENU_KEY);
  const toItems = (nodes: MenuNode[]): Items =>
    nodes.map((node) => {
      const icon = node.icon ? (icons[node.icon] ?? <AppstoreOutlined />) : undefined;
      const title = t(`route.${node.titleKey}`);
      return {
        key: node.key,
        // Collapsed, only the icon shows: a dot on it says there is something.
        icon: icon && badged(node) && collapsed ? <Badge dot>{icon}</Badge> : icon,
        label: badged(node) ? (
          <span className="sidebar-badged" title={t('deviceAlerts.badge', { count: alerts })}>
            {title}
            <Badge count={alerts} size="small" overflowCount={99} data-testid={`menu-alert-badge-${node.key}`} />
          </span>
        ) : (
          title
        ),
        children: node.children ? toItems(node.children) : undefined,
      };
    });

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
