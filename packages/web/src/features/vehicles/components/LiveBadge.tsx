import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushStatus } from '../../../shared/push/index.js';

const colours: Record<PushStatus, 'success' | 'processing' | 'warning' | 'default'> = {
  live: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  idle: 'default',
};

/** Whether the page hears live updates right now. */
export function LiveBadge({ status }: { status: PushStatus }) {
  const { t } = useTranslation();
  return <Badge status={colours[status]} text={t(`vehicles.push.${status}`)} data-testid="push-status" />;
}
