import type { ClauseConsentRecord, ClauseConsentState } from '@safety-shield/contract';
import { Flex, Form, Input, InputNumber, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { FilterBar, ListPage, ListTable, numberFilter, useKeepPageInRange, useListParams } from '../../../shared/ui/list/index.js';
import { type ConsentView, useConsents } from '../api/get-consents.js';
import { ClauseLinks } from './ClauseLinks.js';
import { dash } from './place.js';

const FILTERS = ['clauseId', 'username', 'state'] as const;
const consentStates: ClauseConsentState[] = ['agreed', 'cancelled'];

interface FilterValues {
  clauseId?: number;
  username?: string;
  state?: ClauseConsentState;
}

/** The consents in the caller's scope: where each clause stands (`state`) or every answer given (`log`). */
export function ConsentList({ view }: { view: ConsentView }) {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const clauseId = numberFilter(list.filters.clauseId);
  const state = consentStates.find((value) => value === list.filters.state);
  const query = useConsents(view, { page: list.page, limit: list.limit, clauseId, username: list.filters.username, state });
  useKeepPageInRange(list, query.data?.total, query.data?.records.length);
  const filterValues = useMemo<FilterValues>(
    () => ({ clauseId, username: list.filters.username, state }),
    [clauseId, list.filters.username, state],
  );

  const columns: TableColumnsType<ClauseConsentRecord> = [
    {
      title: t('clauses.clause'),
      key: 'clause',
      fixed: 'left',
      render: (_, record) => (
        <Flex gap={8} align="center">
          <span>{record.title}</span>
          <Tag>{t('clauses.versionN', { version: record.version })}</Tag>
        </Flex>
      ),
    },
    { title: t('clauses.clauseId'), dataIndex: 'clauseId', align: 'right' },
    { title: t('clauses.who'), dataIndex: 'username' },
    { title: t('clauses.company'), dataIndex: 'companyName', render: dash },
    {
      title: t('clauses.stateLabel'),
      dataIndex: 'state',
      render: (value: ClauseConsentState) => <Tag color={value === 'agreed' ? 'success' : 'warning'}>{t(`clauses.state.${value}`)}</Tag>,
    },
    { title: t('clauses.localTime'), dataIndex: 'localTime', render: dash },
    { title: t('clauses.time'), dataIndex: 'at', render: formatTime },
  ];

  return (
    <ListPage
      testId={`clause-${view}`}
      onRetry={query.isError ? () => void query.refetch() : undefined}
      filters={
        <FilterBar<FilterValues>
          values={filterValues}
          onSearch={(values) =>
            list.setFilters({ clauseId: values.clauseId?.toString(), username: values.username?.trim(), state: values.state })
          }
          onReset={list.resetFilters}
        >
          <Form.Item name="clauseId" label={t('clauses.clauseId')}>
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="username" label={t('clauses.who')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="state" label={t('clauses.stateLabel')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('list.all')}
              options={consentStates.map((value) => ({ value, label: t(`clauses.state.${value}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
      actions={
        <Flex justify="flex-start" style={{ width: '100%' }}>
          <ClauseLinks />
        </Flex>
      }
    >
      <ListTable<ClauseConsentRecord> rowKey="id" columns={columns} list={list} query={query} />
    </ListPage>
  );
}
