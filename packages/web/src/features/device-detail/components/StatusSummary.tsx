import type { DeviceRecord } from '@safety-shield/contract';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { OnlineTag } from '../../devices/index.js';
import { DEVICE_DETAIL_KEY, useDeviceStatus } from '../api/device-detail.js';
import { useAlertFeed } from '../use-alert-feed.js';
import { FaultTag } from './fault.js';

/** The device at a glance: its uuid, whether it is online, what fails on it now and when it last said so. */
export function StatusSummary({ device }: { device: DeviceRecord }) {
  const { t } = useTranslation();
  const status = useDeviceStatus(device.deviceId);
  useAlertFeed([...DEVICE_DETAIL_KEY, 'alerts'], device.deviceId);
  const faults = status.data?.openFaults ?? [];
  return (
    <Card size="small" data-testid="detail-summary">
      <Flex vertical gap={8}>
        <Flex wrap gap={12} align="center">
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {device.deviceUuid}
          </Typography.Title>
          <OnlineTag online={device.online} />
          {device.name && <Typography.Text type="secondary">{device.name}</Typography.Text>}
        </Flex>
        {status.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : (
          <Flex wrap gap={8} align="center" data-testid="detail-faults">
            <Typography.Text strong>{t('deviceDetail.faultsNow')}</Typography.Text>
            {faults.length === 0 ? (
              <Typography.Text type="success">{t('deviceDetail.noFaults')}</Typography.Text>
            ) : (
              faults.map((fault) => <FaultTag key={`${fault.code}/${fault.channel}`} {...fault} />)
            )}
            <Typography.Text type="secondary">
              {status.data?.healthTime != null
                ? t('deviceDetail.healthAt', { time: formatTime(status.data.healthTime) })
                : t('deviceDetail.neverHealth')}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
