import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { type AccountRecord, type AccountState, pathTo, type Role, roleRank, roles } from '@safety-shield/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import {
  actionsColumn,
  DeleteAction,
  EditAction,
  type ListColumns,
  ListPage,
  SelectFilter,
  StateSwitch,
  TextFilter,
  useFilteredList,
} from '../../shared/ui/list/index.js';
import { useSelfInfo } from '../auth/index.js';
import { useAccounts } from './api/get-accounts.js';
import { useChangeAccountState, useDeleteAccount } from './api/manage-account.js';
import { levelsFor } from './components/levels.js';
import { organisationPath } from './components/organisation-path.js';
import { ResetPasswordDialog } from './components/ResetPasswordDialog.js';

const accountStates = ['usable', 'disabled'] as const satisfies readonly AccountState[];
const FILTERS = { username: 'text', role: roles, state: accountStates } as const;

/** SPEC section 4: 5 wrong passwords in a row suspend an account. */
const SUSPENDED_AFTER = 5;

const dash = (value: string | null | undefined) => value || '—';

/** The accounts below the caller in its scope: filters, table with state switch, edit, password reset and delete. */
export function AccountListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const own = useSelfInfo().data?.baseInfo.role;
  const list = useFilteredList(FILTERS);
  const query = useAccounts({ page: list.page, limit: list.limit, ...list.values });
  const remove = useDeleteAccount();
  const changeState = useChangeAccountState();
  const [resetting, setResetting] = useState<AccountRecord>();
  // Only accounts further down the chain are listed, so only their roles are worth filtering by.
  const lowerRoles = roles.filter((value) => own && roleRank[value] > roleRank[own]);

  // Issue 16: who, which role, where and whether usable first; contact details and times as the width allows.
  const columns: ListColumns<AccountRecord> = [
    { title: t('account.username'), dataIndex: 'username', fixed: 'left', fitWidth: 150 },
    { title: t('account.realName'), dataIndex: 'realName', render: dash, priority: 3, fitWidth: 140 },
    { title: t('account.role'), dataIndex: 'role', render: (value: Role) => t(`roles.${value}`), priority: 2, fitWidth: 150 },
    {
      title: t('account.organisation'),
      key: 'organisation',
      render: (_, record) => dash(organisationPath(record)),
      priority: 3,
      fitWidth: 200,
    },
    { title: t('account.phone'), dataIndex: 'phone', render: dash, priority: 5, fitWidth: 140 },
    { title: t('account.email'), dataIndex: 'email', render: dash, priority: 4, fitWidth: 200 },
    {
      title: t('account.stateLabel'),
      dataIndex: 'state',
      priority: 2,
      fitWidth: 150,
      render: (_: AccountState, record) => (
        <Space size={4}>
          {/* Re-enabling also lifts a suspension after 5 wrong passwords. */}
          <StateSwitch
            state={record.state}
            states={accountStates}
            texts="account"
            name={record.username}
            onChange={(state) => changeState.mutateAsync({ uid: record.uid, state })}
          />
          {record.failedLogins >= SUSPENDED_AFTER && (
            <Tooltip title={t('account.suspendedHint')}>
              <Tag color="warning">{t('account.suspended')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('account.expireTime'),
      dataIndex: 'expireTime',
      priority: 5,
      fitWidth: 180,
      render: (value: number | null) =>
        value != null && value < Date.now() ? <Tag color="error">{formatTime(value)}</Tag> : formatTime(value),
    },
    { title: t('account.lastLogin'), dataIndex: 'lastLoginTime', render: formatTime, priority: 4, fitWidth: 180 },
    actionsColumn(
      t('list.actions'),
      (record) => (
        <>
          <EditAction onEdit={() => void navigate(pathTo('AccountEdit', { query: { uid: record.uid } }))} />
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(record)}>
            {t('account.resetPassword')}
          </Button>
          <DeleteAction name={record.username} onDelete={() => remove.mutateAsync(record.uid)} />
        </>
      ),
      340,
    ),
  ];

  return (
    <ListPage
      testId="account-list"
      query={query}
      list={list}
      filterFields={
        <>
          <TextFilter name="username" label={t('account.username')} />
          <SelectFilter name="role" label={t('account.role')} width={180} values={lowerRoles} textKey="roles" />
          <SelectFilter name="state" label={t('account.stateLabel')} width={140} values={accountStates} textKey="account.state" />
        </>
      }
      actions={
        levelsFor(own).length > 0 && (
          <Link to={pathTo('AccountAdd')}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('route.accountAdd')}
            </Button>
          </Link>
        )
      }
      rowKey="uid"
      columns={columns}
    >
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(undefined)} />
    </ListPage>
  );
}
