import type { ClauseConsentRecord, ClauseConsentState } from '@safety-shield/contract';
import { Flex, Form, InputNumber, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { ListPage, SelectFilter, TextFilter, useFilteredList } from '../../../shared/ui/list/index.js';
import { type ConsentView, useConsents } from '../api/get-consents.js';
import { ClauseToolbar } from './ClauseLinks.js';
import { dash } from './place.js';

const consentStates: ClauseConsentState[] = ['agreed', 'cancelled'];
const FILTERS = { clauseId: 'id', username: 'text', state: consentStates } as const;

/** The consents in the caller's scope: where each clause stands (`state`) or every answer given (`log`). */
export function ConsentList({ view }: { view: ConsentView }) {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const query = useConsents(view, { page: list.page, limit: list.limit, ...list.values });

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
      query={query}
      list={list}
      filterFields={
        <>
          <Form.Item name="clauseId" label={t('clauses.clauseId')}>
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <TextFilter name="username" label={t('clauses.who')} maxLength={64} />
          <SelectFilter name="state" label={t('clauses.stateLabel')} width={160} values={consentStates} textKey="clauses.state" />
        </>
      }
      actions={<ClauseToolbar />}
      rowKey="id"
      columns={columns}
    />
  );
}
