import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  LockOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { PublicLockRecord } from '@safety-shield/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { isPending } from '../api/locks.js';

/** Locked or unlocked, as the portal wants it. */
export function LockTag({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  return locked ? (
    <Tag color="volcano" icon={<LockOutlined />} data-testid="lock-tag" data-locked="true">
      {t('deviceLocks.locked')}
    </Tag>
  ) : (
    <Tag icon={<UnlockOutlined />} data-testid="lock-tag" data-locked="false">
      {t('deviceLocks.unlocked')}
    </Tag>
  );
}

interface Props {
  record: PublicLockRecord;
  /** Whether the device is connected; unknown on an installer's page, which shows nothing of its connection. */
  online?: boolean;
}

/** The lock as wanted, what the device said of it (confirmed, waiting, offline) and a PIN block. */
export function LockState({ record, online }: Props) {
  const { t } = useTranslation();
  const pending = isPending(record);
  let reported: { icon: React.ReactNode; text: string; state: string } | null = null;
  if (pending && online === false) reported = { icon: <DisconnectOutlined />, text: t('deviceLocks.reported.offline'), state: 'offline' };
  else if (pending) reported = { icon: <ClockCircleOutlined />, text: t('deviceLocks.reported.waiting'), state: 'waiting' };
  else if (record.reportedLocked !== null)
    reported = { icon: <CheckCircleOutlined />, text: t('deviceLocks.reported.confirmed'), state: 'confirmed' };
  return (
    <Flex vertical gap={2} align="flex-start">
      <LockTag locked={record.locked} />
      {reported && (
        <Typography.Text type="secondary" className="lock-reported" data-testid="lock-reported" data-state={reported.state}>
          {reported.icon} {reported.text}
        </Typography.Text>
      )}
      {record.blockedUntil !== null && (
        <Typography.Text type="danger" className="lock-reported" data-testid="lock-blocked">
          <StopOutlined /> {t('deviceLocks.blockedUntil', { time: formatTime(record.blockedUntil) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
