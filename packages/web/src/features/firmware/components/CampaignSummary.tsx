import type { UpgradeCampaign } from '@safety-shield/contract';
import { Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentText } from '../../../shared/ui/format.js';
import { useCampaign } from '../api/campaigns.js';
import { CampaignControls } from './CampaignControls.js';
import { CampaignControlTag } from './UpgradeTags.js';

/** The stage a campaign is at, of its one or two. */
export function StageText({ campaign }: { campaign: Pick<UpgradeCampaign, 'stage' | 'firstStagePercent'> }) {
  const { t } = useTranslation();
  const stages = campaign.firstStagePercent >= 100 ? 1 : 2;
  return <>{t('firmware.stageOf', { stage: campaign.stage, stages })}</>;
}

/** A campaign's own state (why it halted, who paused it), stages and threshold, and its controls: above its devices. */
export function CampaignSummary({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const campaign = useCampaign(taskId).data;
  if (!campaign) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Flex vertical gap={8} data-testid="campaign-summary">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Flex wrap gap={8} align="center">
          <Typography.Text strong>{t('firmware.toVersion', { version: campaign.version })}</Typography.Text>
          <CampaignControlTag control={campaign.control} state={campaign.state} />
          {campaign.controlReason && <Typography.Text type="secondary">{campaign.controlReason}</Typography.Text>}
        </Flex>
        <Flex wrap gap={8}>
          <CampaignControls campaign={campaign} size="middle" />
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label={t('firmware.stage')}>
          <StageText campaign={campaign} />
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.firstStage')}>
          {t('firmware.firstStageOf', { percent: campaign.firstStagePercent, count: campaign.firstStageSize })}
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.threshold')}>{percentText(campaign.failureThresholdPercent, 0)}</Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
