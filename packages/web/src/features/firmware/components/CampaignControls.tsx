import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { UpgradeCampaign } from '@safety-shield/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { type CampaignControlAction, useControlCampaign } from '../api/campaigns.js';

/** What a campaign may do next: pause while it sends, resume after a pause or a halt, abort until it has ended. */
export function allowedActions(campaign: Pick<UpgradeCampaign, 'state' | 'control'>): CampaignControlAction[] {
  if (campaign.state !== 'running') return [];
  switch (campaign.control) {
    case 'active':
      return ['pause', 'abort'];
    case 'paused':
    case 'halted':
      return ['resume', 'abort'];
    default:
      return [];
  }
}

const icons = { pause: <PauseCircleOutlined />, resume: <PlayCircleOutlined />, abort: <StopOutlined /> };

/** Pause, resume and abort, each asked first (an abort cancels every device not yet installing). */
export function CampaignControls({ campaign, size = 'small' }: { campaign: UpgradeCampaign; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const control = useControlCampaign();
  return allowedActions(campaign).map((action) => (
    <ConfirmAction
      key={action}
      title={t(`firmware.controls.${action}Confirm`, { version: campaign.version })}
      description={t(`firmware.controls.${action}Hint`)}
      okText={t(`firmware.controls.${action}`)}
      danger={action === 'abort'}
      done={t(`firmware.controls.${action}Done`)}
      onConfirm={() => control.mutateAsync({ action, taskId: campaign.id })}
    >
      <Button
        type={size === 'small' ? 'link' : 'default'}
        size={size}
        // In a table row, red on the row's hover grey reads too faintly (axe): the question's button is red instead.
        danger={action === 'abort' && size !== 'small'}
        icon={icons[action]}
        data-testid={`campaign-${action}`}
      >
        {t(`firmware.controls.${action}`)}
      </Button>
    </ConfirmAction>
  ));
}
