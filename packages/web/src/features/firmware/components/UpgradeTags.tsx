import type { CampaignControl, TaskRowState, TaskState, UpgradeOutcome, UpgradeRowPhase } from '@safety-shield/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowProgress, type UpgradeStep } from '../../device-tasks/index.js';

const controlColours: Record<CampaignControl, string> = { active: 'processing', paused: 'warning', halted: 'error', aborted: 'default' };

/**
 * A campaign's own state: sending, paused by hand, halted by its failure threshold, or aborted. A campaign whose
 * devices have all finished says nothing more than its task state ("active" would mislead).
 */
export function CampaignControlTag({ control, state }: { control: CampaignControl; state: TaskState }) {
  const { t } = useTranslation();
  if (control === 'active' && state !== 'running') return null;
  return (
    <Tag color={controlColours[control]} data-testid="campaign-control" data-control={control}>
      {t(`firmware.control.${control}`)}
    </Tag>
  );
}

const outcomeColours: Record<UpgradeOutcome, string> = { done: 'success', failed: 'error', cancelled: 'default', expired: 'warning' };

/** How an upgrade attempt ended (the device upgrade log). */
export function OutcomeTag({ result }: { result: UpgradeOutcome }) {
  const { t } = useTranslation();
  return (
    <Tag color={outcomeColours[result]} data-testid="upgrade-result" data-result={result}>
      {t(`firmware.result.${result}`)}
    </Tag>
  );
}

const STEPS: readonly UpgradeRowPhase[] = ['downloading', 'verifying', 'installing', 'rebooting'];

/** Where a device's latest upgrade stands (the upgrade list): its step and percent while running, else its state. */
export function LatestUpgrade({ phase, progress }: { phase: UpgradeRowPhase | null; progress: number | null }) {
  if (phase === null) return '—';
  return STEPS.includes(phase) ? (
    <RowProgress state="running" phase={phase as UpgradeStep} progress={progress} />
  ) : (
    <RowProgress state={phase as TaskRowState} phase={null} progress={progress} />
  );
}
