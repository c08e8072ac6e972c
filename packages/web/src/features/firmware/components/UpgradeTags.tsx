import type { CampaignControl, TaskRowState, TaskState, UpgradeOutcome, UpgradeRowPhase } from '@safety-shield/contract';
import { StateTag } from '../../../shared/ui/StateTag.js';
import { RowProgress, type UpgradeStep } from '../../device-tasks/index.js';

const controlColours: Record<CampaignControl, string> = { active: 'processing', paused: 'warning', halted: 'error', aborted: 'default' };

/**
 * A campaign's own state: sending, paused by hand, halted by its failure threshold, or aborted. A campaign whose
 * devices have all finished says nothing more than its task state ("active" would mislead).
 */
export function CampaignControlTag({ control, state }: { control: CampaignControl; state: TaskState }) {
  if (control === 'active' && state !== 'running') return null;
  return (
    <StateTag value={control} colours={controlColours} textKey="firmware.control" testId="campaign-control" valueAttribute="control" />
  );
}

const outcomeColours: Record<UpgradeOutcome, string> = { done: 'success', failed: 'error', cancelled: 'default', expired: 'warning' };

/** How an upgrade attempt ended (the device upgrade log). */
export function OutcomeTag({ result }: { result: UpgradeOutcome }) {
  return <StateTag value={result} colours={outcomeColours} textKey="firmware.result" testId="upgrade-result" valueAttribute="result" />;
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
