import { DeleteOutlined, EditOutlined, PlusOutlined, QuestionCircleOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { TagRecord } from '@safety-shield/contract';
import { Alert, App, Button, Card, Flex, Form, Popconfirm, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { numberFilter } from '../../shared/ui/list/index.js';
import { OrgPicker } from '../orgs/index.js';
import { useDeleteTag } from './api/delete-tag.js';
import { useTagList } from './api/get-tag-list.js';
import { useRestoreTags } from './api/restore-tags.js';
import { type TagSwitch, tagSwitches, useSetTagSetting } from './api/set-tag-setting.js';
import { HoldDaysInput } from './components/HoldDaysInput.js';
import { useEventPermissions } from './components/permissions.js';
import { TagNameDialog } from './components/TagNameDialog.js';

/** /event/tag/list (Super Admin, Company Admin): a company's tags, what each receives and how long it holds incidents. */
export function TagListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useEventPermissions();
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

  const toggle = async (change: Parameters<typeof setting.mutateAsync>[0]) => {
    try {
      await setting.mutateAsync(change);
      message.success(t('list.stateChanged'));
    } catch {
      // the HTTP layer has shown the server's reason
    }
  };
  const columns: TableColumnsType<TagRecord> = [
    {
      title: t('events.tagPage.name'),
      dataIndex: 'tagName',
      render: (name: string, tag) => (
        <Space>
          {name}
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
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ tag })}>
            {t('events.tagPage.rename')}
          </Button>
          {!tag.defaultKind && (
            <Popconfirm
              title={t('list.deleteConfirm', { name: tag.tagName })}
              description={t('events.tagPage.deleteHint', { count: tag.incidentCount })}
              okText={t('list.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(tag.tagId);
                  message.success(t('list.deleted'));
                } catch {
                  // the HTTP layer has shown the server's reason
                }
              }}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('list.delete')}
              </Button>
            </Popconfirm>
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
            <Form.Item label={t('events.company')}>
              <OrgPicker
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
            <Popconfirm
              title={t('events.tagPage.restoreConfirm')}
              description={t('events.tagPage.restoreHint')}
              okText={t('events.tagPage.restore')}
              cancelText={t('common.cancel')}
              disabled={!ready}
              onConfirm={async () => {
                try {
                  await restore.mutateAsync(companyId);
                  message.success(t('events.tagPage.restored'));
                } catch {
                  // the HTTP layer has shown the server's reason
                }
              }}
            >
              <Button icon={<UndoOutlined />} disabled={!ready}>
                {t('events.tagPage.restore')}
              </Button>
            </Popconfirm>
            <Link to="/event/list">
              <Button icon={<UnorderedListOutlined />}>{t('events.backToList')}</Button>
            </Link>
          </Flex>
          {can.isSuperAdmin && chosen === undefined && <Alert type="info" showIcon title={t('events.tagPage.chooseCompany')} />}
          {tags.isError && (
            <Alert
              type="error"
              showIcon
              title={t('list.loadError')}
              action={
                <Button size="small" onClick={() => void tags.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          )}
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
