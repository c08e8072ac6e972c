import { AuditOutlined, DashboardOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { mayOpenPage, pathTo, type Role } from '@safety-shield/contract';
import { App, Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/index.js';

/** The hidden /clause pages (SPEC section 2) are reached from here: managers get the list, Company and Fleet Admins the state. */
function termsPage(role: Role): string | undefined {
  if (mayOpenPage('ClauseList', role)) return pathTo('ClauseList');
  if (mayOpenPage('ClauseState', role)) return pathTo('ClauseState');
  return undefined;
}

export function UserMenu({ username, role }: { username: string; role: Role }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const terms = termsPage(role);

  // SPEC section 2: log out asks first, with title Logout and OK / Cancel.
  const confirmLogout = () =>
    modal.confirm({
      title: t('navbar.logoutTitle'),
      content: t('navbar.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: signOut,
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
          { key: 'dashboard', icon: <DashboardOutlined />, label: t('navbar.dashboard') },
          ...(terms ? [{ key: 'terms', icon: <AuditOutlined />, label: t('route.terms') }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') return confirmLogout();
          void navigate({ profile: pathTo('Self'), terms }[key] ?? pathTo('Dashboard'));
        },
      }}
    >
      <button type="button" className="header-action" aria-label={`${username}, ${t('navbar.userMenu')}`} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="user-menu-name">{username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
