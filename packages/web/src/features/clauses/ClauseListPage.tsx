import { PlusOutlined } from '@ant-design/icons';
import { type ClausePlace, type ClauseRecord, clausePlaces, pathTo } from '@safety-shield/contract';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import {
  actionsColumn,
  DeleteAction,
  EditAction,
  ListPage,
  SelectFilter,
  TextFilter,
  useFilteredList,
} from '../../shared/ui/list/index.js';
import { useDeleteClause } from './api/delete-clause.js';
import { useClauses } from './api/get-clauses.js';
import { ClauseToolbar } from './components/ClauseLinks.js';

const FILTERS = { title: 'text', placeType: clausePlaces } as const;

/** /clause/list: the active clauses the caller manages (Super Admin: platform-wide; Agent Admin: its area). */
export function ClauseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useFilteredList(FILTERS);
  const query = useClauses({ page: list.page, limit: list.limit, ...list.values });
  const remove = useDeleteClause();

  const columns: TableColumnsType<ClauseRecord> = [
    { title: t('clauses.title'), dataIndex: 'title', fixed: 'left', ellipsis: true },
    { title: t('clauses.placeLabel'), dataIndex: 'placeType', render: (value: ClausePlace) => t(`clauses.place.${value}`) },
    {
      title: t('clauses.mustCheck'),
      dataIndex: 'mustCheck',
      render: (value: boolean) => (value ? <Tag color="red">{t('clauses.yes')}</Tag> : <Tag>{t('clauses.no')}</Tag>),
    },
    {
      title: t('clauses.agent'),
      dataIndex: 'agentName',
      render: (value: string | null, record) => value ?? (record.agentId == null ? t('clauses.platform') : `#${record.agentId}`),
    },
    { title: t('clauses.version'), dataIndex: 'version', align: 'right' },
    { title: t('clauses.updateTime'), dataIndex: 'updateTime', render: formatTime },
    actionsColumn(t('list.actions'), (record) => (
      <>
        <EditAction onEdit={() => void navigate(pathTo('ClauseEdit', { query: { clauseId: record.clauseId } }))} />
        <DeleteAction name={record.title} hint={t('clauses.deleteHint')} onDelete={() => remove.mutateAsync(record.clauseId)} />
      </>
    )),
  ];

  return (
    <ListPage
      testId="clause-list"
      query={query}
      list={list}
      filterFields={
        <>
          <TextFilter name="title" label={t('clauses.title')} maxLength={128} />
          <SelectFilter name="placeType" label={t('clauses.placeLabel')} width={180} values={clausePlaces} textKey="clauses.place" />
        </>
      }
      actions={
        <ClauseToolbar>
          <Link to={pathTo('ClauseAdd')}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('clauses.add')}
            </Button>
          </Link>
        </ClauseToolbar>
      }
      rowKey="clauseId"
      columns={columns}
    />
  );
}
