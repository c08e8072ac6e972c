import { AuditOutlined, FileTextOutlined, HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSelfInfo } from '../../auth/index.js';

interface ClauseLink {
  path: string;
  title: string;
  icon: ReactNode;
  /** Who may open it (SPEC section 2); undefined: every clause reader. */
  managers?: boolean;
  superOnly?: boolean;
}

const links: readonly ClauseLink[] = [
  { path: '/clause/list', title: 'route.terms', icon: <UnorderedListOutlined />, managers: true },
  { path: '/clause/state', title: 'route.clauseState', icon: <FileTextOutlined /> },
  { path: '/clause/log', title: 'route.clauseLog', icon: <HistoryOutlined /> },
  { path: '/clause/operationlog', title: 'route.clauseOperationLog', icon: <AuditOutlined />, superOnly: true },
];

/** The /clause screens are hidden from the menu: each of them links to the others the role may open. */
export function ClauseLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useSelfInfo().data?.baseInfo.role;
  const manager = role === 'SUPER_ADMIN' || role === 'AGENT_ADMIN';
  const shown = links.filter(
    (link) => link.path !== pathname && (!link.managers || manager) && (!link.superOnly || role === 'SUPER_ADMIN'),
  );
  return (
    <Space wrap size={4}>
      {shown.map((link) => (
        <Link key={link.path} to={link.path}>
          <Button type="link" icon={link.icon}>
            {t(link.title)}
          </Button>
        </Link>
      ))}
    </Space>
  );
}
