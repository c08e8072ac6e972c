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
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import logo from '../../shared/assets/logo.svg';
import type { MenuNode } from '../menu.js';
import { useReleaseTime } from './api/release-time.js';

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

export function Sidebar({ collapsed, menu }: { collapsed: boolean; menu: MenuNode[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: releaseTime } = useReleaseTime();

  const toItems = (nodes: MenuNode[]): Items =>
    nodes.map((node) => ({
      key: node.key,
      icon: node.icon ? (icons[node.icon] ?? <AppstoreOutlined />) : undefined,
      label: t(`route.${node.titleKey}`),
      children: node.children ? toItems(node.children) : undefined,
    }));

  return (
    <nav className="sidebar" aria-label="Main">
      <div className="sidebar-brand">
        <img src={logo} alt="" width={32} height={32} />
        {!collapsed && <span className="sidebar-title">{t('app.title')}</span>}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[pathname]}
        items={toItems(menu)}
        onClick={({ key }) => void navigate(key)}
        className="sidebar-menu"
      />
      {!collapsed && (
        <footer className="sidebar-footer" data-testid="sidebar-footer">
          <div className="sidebar-slogan">{t('app.slogan')}</div>
          {releaseTime && <div className="sidebar-release">{t('app.release', { time: releaseTime })}</div>}
        </footer>
      )}
    </nav>
  );
}
