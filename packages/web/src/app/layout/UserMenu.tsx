import { DashboardOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/index.js';

export function UserMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const signOut = useSignOut();

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
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? confirmLogout() : void navigate(key === 'profile' ? '/self/index' : '/dashboard')),
      }}
    >
      <button type="button" className="header-action" aria-label={t('navbar.userMenu')} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
