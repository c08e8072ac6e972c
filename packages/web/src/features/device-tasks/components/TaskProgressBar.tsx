import type { DeviceTask } from '@safety-shield/contract';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How far a task got: the finished share, the done share in green, and the counts in words. */
export function TaskProgressBar({ task }: { task: Pick<DeviceTask, 'total' | 'counts'> }) {
  const { t } = useTranslation();
  const { counts, total } = task;
  const finished = counts.done + counts.failed + counts.cancelled + counts.expired;
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  const parts = (['done', 'failed', 'expired', 'cancelled', 'running', 'sent', 'queued'] as const).filter((state) => counts[state] > 0);
  return (
    <Flex vertical gap={2} style={{ minWidth: 160 }} data-testid="task-progress" data-done={counts.done} data-total={total}>
      <Progress
        percent={share(finished)}
        success={{ percent: share(counts.done) }}
        size="small"
        status={counts.failed + counts.expired > 0 ? 'exception' : undefined}
        format={() => `${counts.done}/${total}`}
        aria-label={t('deviceTasks.progressLabel', { done: counts.done, total })}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {parts.map((state) => t(`deviceTasks.count.${state}`, { count: counts[state] })).join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
