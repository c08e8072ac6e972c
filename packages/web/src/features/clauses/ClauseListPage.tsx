import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ClausePlace, type ClauseRecord, clausePlaces } from '@safety-shield/contract';
import { Button, Flex, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import { DeleteAction, FilterBar, ListPage, ListTable, useKeepPageInRange, useListParams } from '../../shared/ui/list/index.js';
import { useDeleteClause } from './api/delete-clause.js';
import { useClauses } from './api/get-clauses.js';
import { ClauseLinks } from './components/ClauseLinks.js';
import { placeFilter } from './components/place.js';

const FILTERS = ['title', 'placeType'] as const;

interface FilterValues {
  title?: string;
  placeType?: ClausePlace;
}

/** /clause/list: the active clauses the caller manages (Super Admin: platform-wide; Agent Admin: its area). */
export function ClauseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const placeType = placeFilter(list.filters.placeType);
  const query = useClauses({ page: list.page, limit: list.limit, title: list.filters.title, placeType });
  useKeepPageInRange(list, query.data?.total, query.data?.records.length);
  const remove = useDeleteClause();
  const filterValues = useMemo<FilterValues>(() => ({ title: list.filters.title, placeType }), [list.filters.title, placeType]);

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
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => void navigate(`/clause/edit?clauseId=${record.clauseId}`)}
          >
            {t('list.edit')}
          </Button>
          <DeleteAction name={record.title} hint={t('clauses.deleteHint')} onDelete={() => remove.mutateAsync(record.clauseId)} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      testId="clause-list"
      onRetry={query.isError ? () => void query.refetch() : undefined}
      filters={
        <FilterBar<FilterValues>
          values={filterValues}
          onSearch={(values) => list.setFilters({ title: values.title?.trim(), placeType: values.placeType })}
          onReset={list.resetFilters}
        >
          <Form.Item name="title" label={t('clauses.title')}>
            <Input allowClear maxLength={128} />
          </Form.Item>
          <Form.Item name="placeType" label={t('clauses.placeLabel')}>
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('list.all')}
              options={clausePlaces.map((value) => ({ value, label: t(`clauses.place.${value}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
      actions={
        <Flex justify="space-between" align="center" wrap gap={8} style={{ width: '100%' }}>
          <ClauseLinks />
          <Link to="/clause/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('clauses.add')}
            </Button>
          </Link>
        </Flex>
      }
    >
      <ListTable<ClauseRecord> rowKey="clauseId" columns={columns} list={list} query={query} />
    </ListPage>
  );
}
