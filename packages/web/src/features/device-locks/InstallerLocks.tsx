import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { PublicLockRecord } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Result, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { isBlocked, PUBLIC_LOCKS_KEY, usePublicLocks, usePublicSave } from './api/locks.js';
import { LockState } from './components/LockState.js';
import { PinDialog } from './components/PinDialog.js';
import { linkRefusal } from './lock-errors.js';

/** One device of the link: its UUID, plate, lock and the PIN action. */
function DeviceCard({ record, onAct }: { record: PublicLockRecord; onAct(): void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="lock-card" data-testid="installer-device" data-uuid={record.deviceUuid}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex vertical gap={4} className="lock-card-text">
          <Typography.Text strong className="lock-uuid">
            {record.deviceUuid}
          </Typography.Text>
          {record.licensePlate && <Typography.Text type="secondary">{record.licensePlate}</Typography.Text>}
          <LockState record={record} />
        </Flex>
        <Button
          type={record.locked ? 'default' : 'primary'}
          icon={record.locked ? <UnlockOutlined /> : <LockOutlined />}
          onClick={onAct}
          // A blocked PIN would only be refused, and use one of the link's uses.
          disabled={isBlocked(record)}
          data-testid={record.locked ? 'unlock-action' : 'lock-action'}
        >
          {t(record.locked ? 'deviceLocks.unlockAction' : 'deviceLocks.lockAction')}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * `/deviceLock?token=…` (or `/device/setting?token=…`): what an installer's link opens without an account, the
 * devices' lock state and the PIN action, nothing else; a link that expired or is used up says so.
 */
export function InstallerLocks({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = usePublicLocks(token);
  const save = usePublicSave();
  const [acting, setActing] = useState<PublicLockRecord>();

  if (query.isPending) return <Spin size="large" style={{ display: 'block', margin: 64 }} />;
  if (query.isError) {
    const refusal = linkRefusal(query.error);
    if (refusal)
      return (
        <Result
          status={refusal === 'unknown' ? 'error' : 'warning'}
          title={t(`deviceLocks.installer.${refusal}Title`)}
          subTitle={t(`deviceLocks.installer.${refusal}Text`)}
          data-testid="installer-refused"
          data-refusal={refusal}
        />
      );
    return (
      <Result
        status="error"
        title={t('deviceLocks.installer.errorTitle')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const { records, expireTime, usesLeft } = query.data;
  return (
    <Flex vertical gap={16} data-testid="installer-locks">
      <Alert
        type="info"
        showIcon
        title={t('deviceLocks.installer.valid', { time: formatTime(expireTime) })}
        description={
          <>
            <strong data-testid="installer-uses">{t('deviceLocks.installer.usesLeft', { count: usesLeft })}</strong>{' '}
            {t('deviceLocks.installer.usesNote')}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        {records.map((record) => (
          <Col key={record.deviceId} xs={24} md={12} xl={8}>
            <DeviceCard record={record} onAct={() => setActing(record)} />
          </Col>
        ))}
      </Row>
      {acting && (
        <PinDialog
          locking={!acting.locked}
          subject={acting.deviceUuid}
          note={t('deviceLocks.installer.usesNote')}
          onSubmit={(pin) => save.mutateAsync({ token, deviceId: acting.deviceId, locked: !acting.locked, pin: pin ?? '' })}
          onLinkRefused={() => void queryClient.invalidateQueries({ queryKey: PUBLIC_LOCKS_KEY })}
          onClose={() => {
            setActing(undefined);
            // A wrong PIN used a use too: read the count again.
            void query.refetch();
          }}
        />
      )}
    </Flex>
  );
}
