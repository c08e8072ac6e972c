import { AuditOutlined, FileTextOutlined, HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { clauseApi, type Endpoint, logApi, pathTo } from '@safety-shield/contract';
import { Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCan, useSelfInfo } from '../../auth/index.js';

interface ClauseLink {
  path: string;
  title: string;
  icon: ReactNode;
  /** The call the screen lists: the link shows to whoever may make it. */
  reads: Pick<Endpoint, 'access'>;
  /** SPEC section 2: the clause operation log is the Super Admin's screen (the system log it reads is wider). */
  superOnly?: boolean;
}

const links: readonly ClauseLink[] = [
  { path: pathTo('ClauseList'), title: 'route.terms', icon: <UnorderedListOutlined />, reads: clauseApi.list },
  { path: pathTo('ClauseState'), title: 'route.clauseState', icon: <FileTextOutlined />, reads: clauseApi.states },
  { path: pathTo('ClauseLog'), title: 'route.clauseLog', icon: <HistoryOutlined />, reads: clauseApi.log },
  { path: pathTo('ClauseOperationLog'), title: 'route.clauseOperationLog', icon: <AuditOutlined />, reads: logApi.list, superOnly: true },
];

/** The /clause screens are hidden from the menu: each of them links to the others the role may open. */
export function ClauseLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const can = useCan();
  const role = useSelfInfo().data?.baseInfo.role;
  const shown = links.filter((link) => link.path !== pathname && can(link.reads) && (!link.superOnly || role === 'SUPER_ADMIN'));
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

/** A clause list's toolbar: the links to the other screens, and the page's own buttons (`children`) on the right. */
export function ClauseToolbar({ children }: { children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ width: '100%' }}>
      <ClauseLinks />
      {children}
    </Flex>
  );
}
