import type { UsageRecord } from '@safety-shield/contract';
import { DatePicker, Form, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText, sizeText } from '../../shared/ui/format.js';
import { FilterBar, ListPage, TextFilter, useListParams } from '../../shared/ui/list/index.js';
import { useUsage } from './api/get-usage.js';
import { dash } from './components/display.js';
import { usageMonth } from './components/units.js';

const FILTERS = ['month', 'name'] as const;
const MONTH = 'YYYY-MM';

interface FilterValues {
  month?: Dayjs | null;
  name?: string;
}

/** /subscribe/usage (Super Admin): each company's devices, evidence storage, live minutes and API calls in a month. */
export function UsagePage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const month = usageMonth(list.filters.month);
  const query = useUsage({ page: list.page, limit: list.limit, month, name: list.filters.name });
  // A new object on every URL change: a reset shows the default month again even when nothing else changed.
  const filterValues = useMemo<FilterValues>(() => ({ month: dayjs(`${month}-01`), name: list.filters.name }), [month, list.filters]);
  const number = (value: number) => numberText(value, 0);

  const columns: TableColumnsType<UsageRecord> = [
    { title: t('subscriptions.company'), dataIndex: 'companyName', fixed: 'left' },
    { title: t('subscriptions.agent'), dataIndex: 'agentName', render: dash },
    {
      title: t('subscriptions.devicesOfQuota'),
      key: 'devices',
      align: 'right',
      render: (_, record) => {
        const over = record.deviceQuota != null && record.devices > record.deviceQuota;
        const text = `${number(record.devices)} / ${record.deviceQuota == null ? '—' : number(record.deviceQuota)}`;
        return over ? <Tag color="error">{text}</Tag> : text;
      },
    },
    {
      title: t('subscriptions.storage'),
      dataIndex: 'storageBytes',
      align: 'right',
      render: (value: number) => sizeText(value),
    },
    { title: t('subscriptions.liveMinutes'), dataIndex: 'liveMinutes', align: 'right', render: number },
    { title: t('subscriptions.apiCalls'), dataIndex: 'apiCalls', align: 'right', render: number },
  ];

  return (
    <ListPage
      testId="usage-list"
      query={query}
      list={list}
      filters={
        <FilterBar<FilterValues>
          values={filterValues}
          onSearch={(values) => list.setFilters({ month: values.month?.format(MONTH), name: values.name?.trim() })}
          onReset={list.resetFilters}
        >
          <Form.Item name="month" label={t('subscriptions.month')}>
            <DatePicker picker="month" allowClear={false} format={MONTH} disabledDate={(day) => day.isAfter(dayjs(), 'month')} />
          </Form.Item>
          <TextFilter name="name" label={t('subscriptions.company')} maxLength={64} placeholder={t('subscriptions.companyName')} />
        </FilterBar>
      }
      actions={
        <Typography.Text type="secondary" style={{ marginRight: 'auto' }}>
          {t('subscriptions.usageHint', { month })}
        </Typography.Text>
      }
      rowKey="companyId"
      columns={columns}
    />
  );
}
