import { PlusOutlined } from '@ant-design/icons';
import { firmwareApi, TASK_MAX_DEVICES, type UpgradeCampaign } from '@safety-shield/contract';
import { Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { actionsColumn, type ListColumns, ListPage, numberFilter, timeColumn, useListParams } from '../../shared/ui/list/index.js';
import { WhoAndWhen } from '../../shared/ui/WhoAndWhen.js';
import { useCan } from '../auth/index.js';
import { TaskProgressBar, TaskRowsDrawer, TaskStateTag, useTaskFeed } from '../device-tasks/index.js';
import { useCampaigns } from './api/campaigns.js';
import { useCampaignFeed } from './api/use-campaign-feed.js';
import { CampaignControls } from './components/CampaignControls.js';
import { CampaignForm } from './components/CampaignForm.js';
import { CampaignSummary, StageText } from './components/CampaignSummary.js';
import { DEVICES_PARAM, NEW_PARAM, PACKAGE_PARAM, TASK_PARAM } from './components/paths.js';
import { UpgradeStepsHelp } from './components/UpgradeStepsHelp.js';
import { CampaignControlTag } from './components/UpgradeTags.js';

const FILTERS: readonly string[] = [];
const FORM_PARAMS = [NEW_PARAM, PACKAGE_PARAM, DEVICES_PARAM];

/** `?deviceIds=1,2,3` (the rows ticked in the device list) as ids; anything else is none. */
function idsOf(text: string | null): number[] | undefined {
  if (!text) return undefined;
  const ids = [...new Set(text.split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0).slice(0, TASK_MAX_DEVICES);
  return ids.length > 0 ? ids : undefined;
}

/**
 * /devicepage/upgradeManager (Super Admin): firmware upgrade campaigns with their progress live, pause, resume and abort;
 * a new campaign; each campaign's devices with their step and percent.
 */
export function UpgradeManagerPage() {
  const { t } = useTranslation();
  useTaskFeed();
  useCampaignFeed();
  const can = useCan();
  const list = useListParams(FILTERS);
  const query = useCampaigns({ page: list.page, limit: list.limit });
  const [search, setSearch] = useSearchParams();
  const openId = numberFilter(search.get(TASK_PARAM) ?? undefined);
  const formOpen = FORM_PARAMS.some((key) => search.has(key));
  const formPackage = numberFilter(search.get(PACKAGE_PARAM) ?? undefined);
  const deviceIdsText = search.get(DEVICES_PARAM);
  const formDevices = useMemo(() => idsOf(deviceIdsText), [deviceIdsText]);
  const creates = can(firmwareApi.createCampaign);

  /** The URL says what is open: one campaign's devices, or the form. */
  const show = (next: { taskId?: number; form?: boolean }) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      for (const key of [TASK_PARAM, ...FORM_PARAMS]) params.delete(key);
      if (next.taskId !== undefined) params.set(TASK_PARAM, String(next.taskId));
      if (next.form) params.set(NEW_PARAM, '1');
      return params;
    });

  const columns: ListColumns<UpgradeCampaign> = [
    { key: 'id', title: t('firmware.campaign'), fitWidth: 90, render: (_, campaign) => `#${campaign.id}` },
    {
      key: 'version',
      title: t('firmware.version'),
      priority: 1,
      fitWidth: 100,
      render: (_, campaign) => <Typography.Text strong>{campaign.version}</Typography.Text>,
    },
    {
      key: 'control',
      title: t('firmware.control.title'),
      priority: 1,
      fitWidth: 170,
      render: (_, campaign) => (
        <Flex vertical gap={2} align="flex-start">
          <CampaignControlTag control={campaign.control} state={campaign.state} />
          {campaign.controlReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {campaign.controlReason}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('deviceTasks.taskState'),
      priority: 2,
      fitWidth: 110,
      render: (_, campaign) => <TaskStateTag state={campaign.state} />,
    },
    { key: 'stage', title: t('firmware.stage'), priority: 3, fitWidth: 110, render: (_, campaign) => <StageText campaign={campaign} /> },
    {
      key: 'progress',
      title: t('deviceTasks.progress'),
      priority: 1,
      fitWidth: 220,
      render: (_, campaign) => <TaskProgressBar task={campaign} />,
    },
    {
      key: 'created',
      title: t('firmware.created'),
      priority: 4,
      fitWidth: 180,
      render: (_, campaign) => <WhoAndWhen who={campaign.createdBy} time={campaign.createTime} />,
    },
    timeColumn('end', t('firmware.endTime'), (campaign) => campaign.expireTime, 4),
    actionsColumn(
      t('list.actions'),
      (campaign) => (
        <>
          <Button type="link" size="small" onClick={() => show({ taskId: campaign.id })} data-testid="campaign-open">
            {t('deviceTasks.devices')}
          </Button>
          <CampaignControls campaign={campaign} />
        </>
      ),
      250,
    ),
  ];

  return (
    <Flex vertical gap={16} data-testid="upgrade-manager">
      <UpgradeStepsHelp />
      <ListPage<UpgradeCampaign>
        testId="upgrade-campaigns"
        query={query}
        list={list}
        actions={
          creates && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => show({ form: true })} data-testid="campaign-new">
              {t('firmware.newCampaign')}
            </Button>
          )
        }
        rowKey="id"
        columns={columns}
      >
        <TaskRowsDrawer taskId={openId} onClose={() => show({})} extra={openId !== undefined && <CampaignSummary taskId={openId} />} />
        <CampaignForm
          open={formOpen}
          packageId={formPackage}
          deviceIds={formDevices}
          onClose={() => show({})}
          onCreated={(campaign) => show({ taskId: campaign.id })}
        />
      </ListPage>
    </Flex>
  );
}
