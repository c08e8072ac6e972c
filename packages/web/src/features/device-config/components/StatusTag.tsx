import type { ConfigStatus } from '@safety-shield/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<ConfigStatus, string> = {
  draft: 'default',
  saved: 'gold',
  dispatched: 'processing',
  applied: 'success',
  refused: 'error',
  cancelled: 'default',
  expired: 'default',
};

/** Where a configuration version stands. */
export function StatusTag({ status }: { status: ConfigStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} data-testid="config-status" data-status={status}>
      {t(`deviceConfig.status.${status}`)}
    </Tag>
  );
}
