import { DownloadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ConfigVersion } from '@safety-shield/contract';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, ListTable, rowData } from '../../../shared/ui/list/index.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { downloadConfig, useConfigHistory, useRevertConfig } from '../api/config.js';
import { versionColumns } from './version-columns.js';

/** A device's configuration versions, newest first, with revert (admins) and download. */
export function HistoryTable({ deviceId, writes }: { deviceId: number; writes: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const attempt = useAttempt();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useConfigHistory(deviceId, paging.page, paging.limit);
  const revert = useRevertConfig();
  const list = { ...paging, setPage: (page: number, limit: number) => setPaging({ page, limit }) };

  const columns = versionColumns(t);

  const download = async (row: ConfigVersion) => {
    if (!(await downloadConfig(deviceId, row.id))) message.error(t('deviceConfig.downloadFailed'));
  };

  return (
    <ListTable<ConfigVersion>
      tableId="device-config-history"
      testId="config-history"
      rowKey="id"
      list={list}
      query={query}
      onRow={(row) => rowData({ version: row.version })}
      columns={[
        { key: 'version', title: t('deviceConfig.version'), dataIndex: 'version', fitWidth: 80 },
        columns.status,
        columns.changed,
        columns.reason(2),
        columns.createdBy,
        columns.created,
        columns.applied,
        actionsColumn(
          t('list.actions'),
          (row) => (
            <>
              <Tooltip title={t('deviceConfig.download')} placement="bottom">
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('deviceConfig.download')}
                  onClick={() => void download(row)}
                />
              </Tooltip>
              {writes && (
                <Popconfirm
                  title={t('deviceConfig.revertConfirm', { version: row.version })}
                  onConfirm={() => attempt(() => revert.mutateAsync(row.id), t('deviceConfig.reverted', { version: row.version }))}
                >
                  <Button type="link" size="small" icon={<RollbackOutlined />} data-testid="config-revert">
                    {t('deviceConfig.revert')}
                  </Button>
                </Popconfirm>
              )}
            </>
          ),
          150,
        ),
      ]}
    />
  );
}
