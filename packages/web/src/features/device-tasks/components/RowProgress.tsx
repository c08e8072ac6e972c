import type { DeviceTaskRow, TaskRowState } from '@safety-shield/contract';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type UpgradeStep = NonNullable<DeviceTaskRow['phase']>;

interface Props {
  state: TaskRowState;
  /** The step a firmware upgrade reported last (null before its first report). */
  phase: UpgradeStep | null;
  /** 0–100 as the device reported it. */
  progress: number | null;
}

/**
 * Where one device's firmware upgrade stands (docs/device-protocol.md, `upgrade`): its step in words and a bar of the
 * percent the device reported (the download's share; 100 once it verifies). Finished rows show full or empty.
 */
export function RowProgress({ state, phase, progress }: Props) {
  const { t } = useTranslation();
  const percent = state === 'done' ? 100 : (progress ?? 0);
  const step = state === 'running' && phase ? t(`deviceTasks.phase.${phase}`) : t(`deviceTasks.state.${state}`);
  const status =
    state === 'done' ? 'success' : state === 'failed' || state === 'expired' ? 'exception' : state === 'running' ? 'active' : 'normal';
  return (
    <Flex vertical gap={0} style={{ minWidth: 140 }} data-testid="row-progress" data-phase={phase ?? ''} data-percent={percent}>
      <Typography.Text style={{ fontSize: 12 }}>{step}</Typography.Text>
      <Progress percent={percent} size="small" status={status} aria-label={t('deviceTasks.stepLabel', { step, percent })} />
    </Flex>
  );
}
