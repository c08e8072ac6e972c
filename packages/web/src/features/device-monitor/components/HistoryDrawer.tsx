import { ProfileOutlined } from '@ant-design/icons';
import { pathTo } from '@safety-shield/contract';
import { Button, Descriptions, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { RecordDrawer } from '../../../shared/ui/RecordDrawer.js';
import { AlertHistory } from '../../device-detail/index.js';
import { OnlineTag } from '../../devices/index.js';
import { useOneDeviceStatus } from '../api/device-status.js';
import { FaultList } from './FaultList.js';

/** As wide as the history's columns need, never wider than the window. */
const DRAWER_SIZE = 'min(900px, 100vw)';

/** A device's alert history beside the monitor: what fails on it now, then every alert it raised, newest first. */
export function HistoryDrawer({ deviceId, onClose }: { deviceId: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useOneDeviceStatus(deviceId);
  const device = status.data;
  return (
    <RecordDrawer
      of={deviceId}
      onClose={onClose}
      size={DRAWER_SIZE}
      title={device ? t('deviceMonitor.historyOf', { uuid: device.deviceUuid }) : t('deviceMonitor.history')}
      extra={
        deviceId !== undefined && (
          // A button, as the other drawers' actions: a link's blue on the dark drawer header reads too faintly.
          <Button
            size="small"
            icon={<ProfileOutlined />}
            onClick={() => void navigate(pathTo('DeviceDetail', { query: { deviceId } }))}
            data-testid="history-to-detail"
          >
            {t('deviceMonitor.details')}
          </Button>
        )
      }
      data-testid="monitor-history"
    >
      {status.isPending && <Skeleton active />}
      {status.isError && <LoadError onRetry={() => void status.refetch()} />}
      {status.data === null && <Typography.Text type="secondary">{t('deviceMonitor.gone')}</Typography.Text>}
      {device && deviceId !== undefined && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: 'state',
                label: t('deviceMonitor.state'),
                children: (
                  <Space size={4} wrap>
                    <OnlineTag online={device.online} />
                    {device.lastOnlineTime !== null && (
                      <Typography.Text type="secondary">{formatTime(device.lastOnlineTime)}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              { key: 'plate', label: t('deviceMonitor.plate'), children: device.licensePlate ?? t('deviceMonitor.unbound') },
              { key: 'faults', label: t('deviceMonitor.faults'), children: <FaultList faults={device.openFaults} />, span: 'filled' },
              { key: 'health', label: t('deviceMonitor.health'), children: formatTime(device.healthTime) },
              { key: 'pending', label: t('deviceMonitor.pending'), children: device.pending },
            ]}
          />
          <AlertHistory deviceId={deviceId} tableId="device-monitor-history" />
        </Flex>
      )}
    </RecordDrawer>
  );
}
