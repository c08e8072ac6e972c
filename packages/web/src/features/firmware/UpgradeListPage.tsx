import { type DeviceUpgradeRecord, upgradeRowPhases } from '@safety-shield/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadButton } from '../../shared/ui/DownloadButton.js';
import { type ListColumns, ListPage, SelectFilter, TextFilter, timeColumn, useFilteredList } from '../../shared/ui/list/index.js';
import { OnlineTag, VersionFilter } from '../devices/index.js';
import { exportUpgradeList, UPGRADE_LIST_KEY, useUpgradeDevices } from './api/upgrade-list.js';
import { useCampaignFeed } from './api/use-campaign-feed.js';
import { campaignPath } from './components/paths.js';
import { LatestUpgrade } from './components/UpgradeTags.js';
import { upgradeColumns } from './components/upgrade-columns.js';

const FILTERS = { keyword: 'text', version: 'text', model: 'text', phase: upgradeRowPhases } as const;
const dash = (value: string | null) => value ?? '—';
const FEED_KEYS = [UPGRADE_LIST_KEY];

/** The upgrade list as .xlsx with the list's filters; SPEC section 8: a failure is only logged, with a hint here. */
function ExportButton({ filters }: { filters: Parameters<typeof exportUpgradeList>[0] }) {
  const { t } = useTranslation();
  return (
    <DownloadButton save={() => exportUpgradeList(filters)} failed={t('firmware.exportFailed')} data-testid="upgrade-list-export">
      {t('firmware.exportXlsx')}
    </DownloadButton>
  );
}

/** /devicepage/upgrade-list (Super Admin): every device with the firmware it runs and where its latest upgrade stands, live. */
export function UpgradeListPage() {
  const { t } = useTranslation();
  useCampaignFeed(FEED_KEYS);
  const list = useFilteredList(FILTERS);
  const { keyword, version, model, phase } = list.values;
  const filters = useMemo(() => ({ keyword, version, model, phase }), [keyword, version, model, phase]);
  const query = useUpgradeDevices({ page: list.page, limit: list.limit, ...filters });

  const columns: ListColumns<DeviceUpgradeRecord> = [
    upgradeColumns.device(t, 'uuid'),
    {
      key: 'running',
      title: t('firmware.runningVersion'),
      priority: 1,
      fitWidth: 130,
      render: (_, record) => <Typography.Text strong>{dash(record.runningVersion)}</Typography.Text>,
    },
    { key: 'model', title: t('firmware.model'), priority: 3, fitWidth: 110, render: (_, record) => dash(record.model) },
    { key: 'online', title: t('firmware.online'), priority: 2, fitWidth: 100, render: (_, record) => <OnlineTag online={record.online} /> },
    {
      key: 'target',
      title: t('firmware.targetVersion'),
      priority: 2,
      fitWidth: 120,
      // The version links to its campaign, live.
      render: (_, record) =>
        record.taskId !== null && record.targetVersion ? (
          <Link
            to={campaignPath(record.taskId)}
            title={t('firmware.campaignNo', { id: record.taskId })}
            data-testid="upgrade-list-campaign"
          >
            {record.targetVersion}
          </Link>
        ) : (
          dash(record.targetVersion)
        ),
    },
    {
      key: 'progress',
      title: t('firmware.latestUpgrade'),
      priority: 1,
      fitWidth: 170,
      render: (_, record) => <LatestUpgrade phase={record.phase} progress={record.progress} />,
    },
    upgradeColumns.reason(t, (record) => record.phase === 'failed', 200),
    timeColumn('updated', t('firmware.updated'), (record) => record.updateTime, 4),
  ];

  return (
    <ListPage<DeviceUpgradeRecord>
      testId="upgrade-list"
      query={query}
      list={list}
      filterFields={
        <>
          <TextFilter name="keyword" label={t('firmware.device')} placeholder="UUID" width={180} />
          <VersionFilter label={t('firmware.runningVersion')} width={170} />
          <TextFilter name="model" label={t('firmware.model')} width={140} />
          <SelectFilter name="phase" label={t('firmware.latestUpgrade')} width={170} values={upgradeRowPhases} textKey="firmware.phase" />
        </>
      }
      actions={<ExportButton filters={filters} />}
      rowKey="deviceId"
      columns={columns}
    />
  );
}
