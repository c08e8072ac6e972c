import { PlusOutlined } from '@ant-design/icons';
import type { SubscriptionRecord, SubscriptionState } from '@safety-shield/contract';
import { Button, Form, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { actionsColumn, EditAction, ListPage, SelectFilter, useFilteredList } from '../../shared/ui/list/index.js';
import { OrgPicker } from '../orgs/index.js';
import { useSubscriptions } from './api/get-subscriptions.js';
import { dash, formatPeriod, SubscriptionStateTag } from './components/display.js';
import { SubscriptionDialog } from './components/SubscriptionDialog.js';
import { SubscriptionStateActions } from './components/SubscriptionStateActions.js';

const subscriptionStates: SubscriptionState[] = ['active', 'suspended', 'ended'];
const FILTERS = { companyId: 'id', state: subscriptionStates } as const;

/** /subscribe/list (Super Admin): the companies' plans, quotas and periods, with create, edit and state changes. */
export function SubscriptionListPage() {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const query = useSubscriptions({ page: list.page, limit: list.limit, ...list.values });
  const [dialog, setDialog] = useState<{ open: boolean; record?: SubscriptionRecord }>({ open: false });

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
    actionsColumn(t('list.actions'), (record) => (
      <>
        {record.state !== 'ended' && <EditAction onEdit={() => setDialog({ open: true, record })} />}
        <SubscriptionStateActions record={record} />
      </>
    )),
  ];

  return (
    <ListPage
      testId="subscription-list"
      query={query}
      list={list}
      filterFields={
        <>
          <Form.Item name="companyId" label={t('subscriptions.company')}>
            <OrgPicker kind="company" />
          </Form.Item>
          <SelectFilter
            name="state"
            label={t('subscriptions.stateLabel')}
            width={160}
            values={subscriptionStates}
            textKey="subscriptions.state"
          />
        </>
      }
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
          {t('subscriptions.add')}
        </Button>
      }
      rowKey="id"
      columns={columns}
    >
      <SubscriptionDialog record={dialog.record} open={dialog.open} onClose={() => setDialog({ open: false })} />
    </ListPage>
  );
}
