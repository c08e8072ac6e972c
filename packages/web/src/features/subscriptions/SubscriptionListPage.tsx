import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SubscriptionRecord, SubscriptionState } from '@safety-shield/contract';
import { Button, Form, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { FilterBar, ListPage, ListTable, numberFilter, useKeepPageInRange, useListParams } from '../../shared/ui/list/index.js';
import { OrgPicker } from '../orgs/index.js';
import { useSubscriptions } from './api/get-subscriptions.js';
import { dash, formatPeriod, SubscriptionStateTag } from './components/display.js';
import { SubscriptionDialog } from './components/SubscriptionDialog.js';
import { SubscriptionStateActions } from './components/SubscriptionStateActions.js';

const FILTERS = ['companyId', 'state'] as const;
const subscriptionStates: SubscriptionState[] = ['active', 'suspended', 'ended'];

interface FilterValues {
  companyId?: number;
  state?: SubscriptionState;
}

/** /subscribe/list (Super Admin): the companies' plans, quotas and periods, with create, edit and state changes. */
export function SubscriptionListPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const companyId = numberFilter(list.filters.companyId);
  const state = subscriptionStates.find((value) => value === list.filters.state);
  const query = useSubscriptions({ page: list.page, limit: list.limit, companyId, state });
  useKeepPageInRange(list, query.data?.total, query.data?.records.length);
  const [dialog, setDialog] = useState<{ open: boolean; record?: SubscriptionRecord }>({ open: false });
  const filterValues = useMemo<FilterValues>(() => ({ companyId, state }), [companyId, state]);

  const columns: TableColumnsType<SubscriptionRecord> = [
    {
      title: t('subscriptions.company'),
      dataIndex: 'companyName',
      fixed: 'left',
      render: (value: string | null, record) => value ?? `#${record.companyId}`,
    },
    { title: t('subscriptions.agent'), dataIndex: 'agentName', render: dash },
    { title: t('subscriptions.planLabel'), dataIndex: 'plan', render: (value: string) => <Tag>{t(`subscriptions.plan.${value}`)}</Tag> },
    { title: t('subscriptions.deviceQuota'), dataIndex: 'deviceQuota', align: 'right' },
    {
      title: t('subscriptions.period'),
      key: 'period',
      render: (_, record) => (
        <Space size={4}>
          {formatPeriod(record.startTime, record.endTime)}
          {record.state === 'active' && record.endTime < Date.now() && <Tag color="error">{t('subscriptions.overdue')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('subscriptions.stateLabel'),
      dataIndex: 'state',
      render: (value: SubscriptionState) => <SubscriptionStateTag state={value} />,
    },
    { title: t('list.createTime'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => (
        <Space size={0}>
          {record.state !== 'ended' && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, record })}>
              {t('list.edit')}
            </Button>
          )}
          <SubscriptionStateActions record={record} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      testId="subscription-list"
      onRetry={query.isError ? () => void query.refetch() : undefined}
      filters={
        <FilterBar<FilterValues>
          values={filterValues}
          onSearch={(values) => list.setFilters({ companyId: values.companyId?.toString(), state: values.state })}
          onReset={list.resetFilters}
        >
          <Form.Item name="companyId" label={t('subscriptions.company')}>
            <OrgPicker kind="company" />
          </Form.Item>
          <Form.Item name="state" label={t('subscriptions.stateLabel')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('list.all')}
              options={subscriptionStates.map((value) => ({ value, label: t(`subscriptions.state.${value}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
          {t('subscriptions.add')}
        </Button>
      }
    >
      <ListTable<SubscriptionRecord> rowKey="id" columns={columns} list={list} query={query} />
      <SubscriptionDialog record={dialog.record} open={dialog.open} onClose={() => setDialog({ open: false })} />
    </ListPage>
  );
}
