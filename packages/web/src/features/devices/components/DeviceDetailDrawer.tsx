import { Alert, Button, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../api/get-device.js';
import { BindLogTable } from './BindLogTable.js';
import { DbmPanel } from './DbmPanel.js';
import { DeviceFacts } from './DeviceFacts.js';

/** As wide as a two-column description list needs, never wider than the window. */
const DRAWER_SIZE = 'min(760px, 100vw)';

/** A device's detail beside the list: its fields, its signal over time and its bind log. */
export function DeviceDetailDrawer({ deviceId, onClose }: { deviceId: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const query = useDevice(deviceId);
  return (
    <Drawer
      open={deviceId !== undefined}
      onClose={onClose}
      size={DRAWER_SIZE}
      destroyOnHidden
      title={query.data ? t('devices.detail.title', { uuid: query.data.deviceUuid }) : t('route.deviceDetail')}
      data-testid="device-detail"
    >
      {query.isPending && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {query.data && deviceId !== undefined && (
        <Flex vertical gap={24}>
          <DeviceFacts device={query.data} />
          <section aria-labelledby="device-dbm-title">
            <Typography.Title level={5} id="device-dbm-title">
              {t('devices.dbm.title')}
            </Typography.Title>
            <DbmPanel deviceId={deviceId} />
          </section>
          <section aria-labelledby="device-bind-log-title">
            <Typography.Title level={5} id="device-bind-log-title">
              {t('devices.bindLog.title')}
            </Typography.Title>
            <BindLogTable deviceId={deviceId} />
          </section>
        </Flex>
      )}
    </Drawer>
  );
}
