import { PlusOutlined, QuestionCircleOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { pathTo, type TagRecord } from '@safety-shield/contract';
import { Alert, Button, Card, Flex, Form, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { tagName } from '../../shared/i18n/tag-name.js';
import { ConfirmAction } from '../../shared/ui/ConfirmAction.js';
import { LoadError } from '../../shared/ui/LoadError.js';
import { DeleteAction, EditAction, numberFilter } from '../../shared/ui/list/index.js';
import { useAttempt } from '../../shared/ui/use-attempt.js';
import { OrgPicker } from '../orgs/index.js';
import { useDeleteTag } from './api/delete-tag.js';
import { useTagList } from './api/get-tag-list.js';
import { useRestoreTags } from './api/restore-tags.js';
import { type TagSwitch, tagSwitches, useSetTagSetting } from './api/set-tag-setting.js';
import { HoldDaysInput } from './components/HoldDaysInput.js';
import { useIncidentPermissions } from './components/permissions.js';
import { TagNameDialog } from './components/TagNameDialog.js';

/** /event/tag/list (Super Admin, Company Admin): a company's tags, what each receives and how long it holds incidents. */
export function TagListPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const can = useIncidentPermissions();
  const [search, setSearch] = useSearchParams();
  // A Super Admin chooses the company (kept in the URL); a Company Admin works in its own.
  const chosen = numberFilter(search.get('companyId') ?? undefined);
  const companyId = can.isSuperAdmin ? chosen : undefined;
  const ready = can.managesTags && (!can.isSuperAdmin || chosen !== undefined);
  const tags = useTagList(companyId, ready);
  const setting = useSetTagSetting();
  const remove = useDeleteTag();
  const restore = useRestoreTags();
  const [dialog, setDialog] = useState<{ tag?: TagRecord } | null>(null);

  const toggle = (change: Parameters<typeof setting.mutateAsync>[0]) => attempt(() => setting.mutateAsync(change), t('list.stateChanged'));
  const columns: TableColumnsType<TagRecord> = [
    {
      title: t('events.tagPage.name'),
      dataIndex: 'tagName',
      render: (name: string, tag) => (
        <Space>
          {tagName(t, name)}
          {tag.defaultKind && <Tag color="blue">{t('events.tagPage.default')}</Tag>}
        </Space>
      ),
    },
    ...(Object.keys(tagSwitches) as TagSwitch[]).map((field) => ({
      title: (
        <Tooltip title={t(`events.tagPage.${field}Hint`)}>
          <Space size={4}>
            {t(`events.tagPage.${field}`)}
            <QuestionCircleOutlined />
          </Space>
        </Tooltip>
      ),
      dataIndex: field,
      render: (on: boolean, tag: TagRecord) => (
        <Switch
          checked={on}
          data-testid={`tag-switch-${field}`}
          aria-label={t(`events.tagPage.${field}`)}
          onChange={(state) => void toggle({ tagId: tag.tagId, switch: field, state })}
        />
      ),
    })),
    { title: t('events.tagPage.holdDays'), key: 'holdDays', render: (_, tag) => <HoldDaysInput tag={tag} disabled={false} /> },
    { title: t('events.tagPage.incidents'), dataIndex: 'incidentCount', align: 'right' },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, tag) => (
        <Space size="small">
          <EditAction label={t('events.tagPage.rename')} onEdit={() => setDialog({ tag })} />
          {!tag.defaultKind && (
            <DeleteAction
              name={tag.tagName}
              hint={t('events.tagPage.deleteHint', { count: tag.incidentCount })}
              onDelete={() => remove.mutateAsync(tag.tagId)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="tag-list">
      {can.isSuperAdmin && (
        <Card size="small">
          <Form layout="inline">
            <Form.Item label={t('events.company')} htmlFor="tag-company-picker">
              <OrgPicker
                id="tag-company-picker"
                kind="company"
                value={chosen}
                data-testid="tag-company"
                onChange={(id) =>
                  setSearch((current) => {
                    const next = new URLSearchParams(current);
                    if (id === undefined) next.delete('companyId');
                    else next.set('companyId', String(id));
                    return next;
                  })
                }
              />
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="flex-end" wrap gap={8}>
            <Button type="primary" icon={<PlusOutlined />} disabled={!ready} onClick={() => setDialog({})} data-testid="add-tag">
              {t('events.tagPage.add')}
            </Button>
            <ConfirmAction
              title={t('events.tagPage.restoreConfirm')}
              description={t('events.tagPage.restoreHint')}
              okText={t('events.tagPage.restore')}
              disabled={!ready}
              done={t('events.tagPage.restored')}
              onConfirm={() => restore.mutateAsync(companyId)}
            >
              <Button icon={<UndoOutlined />} disabled={!ready}>
                {t('events.tagPage.restore')}
              </Button>
            </ConfirmAction>
            <Link to={pathTo('EventList')}>
              <Button icon={<UnorderedListOutlined />}>{t('events.backToList')}</Button>
            </Link>
          </Flex>
          {can.isSuperAdmin && chosen === undefined && <Alert type="info" showIcon title={t('events.tagPage.chooseCompany')} />}
          {tags.isError && <LoadError title={t('list.loadError')} onRetry={() => void tags.refetch()} />}
          <Table<TagRecord>
            rowKey="tagId"
            size="middle"
            columns={columns}
            dataSource={ready ? tags.data : []}
            loading={ready && tags.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="tag-table"
          />
        </Flex>
      </Card>
      <TagNameDialog open={dialog !== null} tag={dialog?.tag} companyId={companyId} onClose={() => setDialog(null)} />
    </Flex>
  );
}
