import { EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { type AccountRecord, type AccountState, type Role, roleRank, roles } from '@safety-shield/contract';
import { Button, Form, Input, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import { DeleteAction, FilterBar, ListPage, ListTable, useKeepPageInRange, useListParams } from '../../shared/ui/list/index.js';
import { useSelfInfo } from '../auth/index.js';
import { useAccounts } from './api/get-accounts.js';
import { useDeleteAccount } from './api/manage-account.js';
import { AccountStateSwitch } from './components/AccountStateSwitch.js';
import { levelsFor } from './components/levels.js';
import { organisationPath } from './components/organisation-path.js';
import { ResetPasswordDialog } from './components/ResetPasswordDialog.js';

const FILTERS = ['username', 'role', 'state'] as const;
const accountStates: AccountState[] = ['usable', 'disabled'];

interface FilterValues {
  username?: string;
  role?: Role;
  state?: AccountState;
}

/** SPEC section 4: 5 wrong passwords in a row suspend an account. */
const SUSPENDED_AFTER = 5;

const dash = (value: string | null | undefined) => value || '—';

/** The accounts below the caller in its scope: filters, table with state switch, edit, password reset and delete. */
export function AccountListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const own = useSelfInfo().data?.baseInfo.role;
  const list = useListParams(FILTERS);
  const role = roles.find((value) => value === list.filters.role);
  const state = accountStates.find((value) => value === list.filters.state);
  const query = useAccounts({ page: list.page, limit: list.limit, username: list.filters.username, role, state });
  useKeepPageInRange(list, query.data?.total, query.data?.records.length);
  const remove = useDeleteAccount();
  const [resetting, setResetting] = useState<AccountRecord>();
  const filterValues = useMemo<FilterValues>(
    () => ({ username: list.filters.username, role, state }),
    [list.filters.username, role, state],
  );
  // Only accounts further down the chain are listed, so only their roles are worth filtering by.
  const roleOptions = roles
    .filter((value) => own && roleRank[value] > roleRank[own])
    .map((value) => ({ value, label: t(`roles.${value}`) }));

  const columns: TableColumnsType<AccountRecord> = [
    { title: t('account.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('account.realName'), dataIndex: 'realName', render: dash },
    { title: t('account.role'), dataIndex: 'role', render: (value: Role) => t(`roles.${value}`) },
    { title: t('account.organisation'), key: 'organisation', render: (_, record) => dash(organisationPath(record)) },
    { title: t('account.phone'), dataIndex: 'phone', render: dash },
    { title: t('account.email'), dataIndex: 'email', render: dash },
    {
      title: t('account.stateLabel'),
      dataIndex: 'state',
      render: (_: AccountState, record) => (
        <Space size={4}>
          <AccountStateSwitch account={record} />
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
      render: (value: number | null) =>
        value != null && value < Date.now() ? <Tag color="error">{formatTime(value)}</Tag> : formatTime(value),
    },
    { title: t('account.lastLogin'), dataIndex: 'lastLoginTime', render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void navigate(`/account/edit?uid=${record.uid}`)}>
            {t('list.edit')}
          </Button>
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(record)}>
            {t('account.resetPassword')}
          </Button>
          <DeleteAction name={record.username} onDelete={() => remove.mutateAsync(record.uid)} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      testId="account-list"
      onRetry={query.isError ? () => void query.refetch() : undefined}
      filters={
        <FilterBar<FilterValues>
          values={filterValues}
          onSearch={(values) => list.setFilters({ username: values.username?.trim(), role: values.role, state: values.state })}
          onReset={list.resetFilters}
        >
          <Form.Item name="username" label={t('account.username')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="role" label={t('account.role')}>
            <Select allowClear style={{ width: 180 }} placeholder={t('list.all')} options={roleOptions} />
          </Form.Item>
          <Form.Item name="state" label={t('account.stateLabel')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('list.all')}
              options={accountStates.map((value) => ({ value, label: t(`account.state.${value}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
      actions={
        levelsFor(own).length > 0 && (
          <Link to="/account/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('route.accountAdd')}
            </Button>
          </Link>
        )
      }
    >
      <ListTable<AccountRecord> rowKey="uid" columns={columns} list={list} query={query} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(undefined)} />
    </ListPage>
  );
}
