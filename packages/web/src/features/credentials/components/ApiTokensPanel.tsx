import { type ApiTokenCreated, MAX_API_TOKENS } from '@safety-shield/contract';
import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { DeleteAction } from '../../../shared/ui/list/index.js';
import { useApiTokens, useCreateApiToken, useDeleteApiToken } from '../api/api-tokens.js';

/** SPEC section 3: up to 3 API tokens; a new one is shown once, with a copy button. */
export function ApiTokensPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useApiTokens();
  const create = useCreateApiToken();
  const remove = useDeleteApiToken();
  const [created, setCreated] = useState<ApiTokenCreated>();
  const full = (data?.length ?? 0) >= MAX_API_TOKENS;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="api-tokens">
      <Typography.Paragraph type="secondary">{t('credentials.tokens.explain', { max: MAX_API_TOKENS })}</Typography.Paragraph>
      {isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
      <Button type="primary" disabled={full} loading={create.isPending} onClick={async () => setCreated(await create.mutateAsync())}>
        {t('credentials.tokens.create')}
      </Button>
      <Table
        rowKey="id"
        size="small"
        loading={isPending}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: t('credentials.tokens.none') }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('credentials.tokens.generated'), dataIndex: 'generateTime', render: formatTime },
          { title: t('credentials.tokens.lastUsed'), dataIndex: 'lastUsedTime', render: formatTime },
          {
            title: t('list.actions'),
            key: 'actions',
            width: 120,
            render: (_, token) => (
              <DeleteAction
                name={`ID ${token.id}`}
                hint={t('credentials.tokens.deleteConfirm')}
                onDelete={() => remove.mutateAsync(token.id)}
              />
            ),
          },
        ]}
      />
      <Modal
        open={created !== undefined}
        title={t('credentials.tokens.createdTitle')}
        onCancel={() => setCreated(undefined)}
        footer={
          <Button type="primary" onClick={() => setCreated(undefined)}>
            {t('common.ok')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('credentials.tokens.onlyOnce')} style={{ marginBottom: 12 }} />
        <Typography.Text code copyable data-testid="new-api-token">
          {created?.token}
        </Typography.Text>
      </Modal>
    </Space>
  );
}
