import { SyncOutlined } from '@ant-design/icons';
import { canCall, deviceConfigApi } from '@safety-shield/contract';
import { App, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { LoadError } from '../../shared/ui/LoadError.js';
import { useSelfInfo } from '../auth/index.js';
import { useConfigState, useSynchConfig } from './api/config.js';
import { ConfigDiff } from './components/ConfigDiff.js';
import { DeviceHeader } from './components/DeviceHeader.js';
import { StatusTag } from './components/StatusTag.js';
import { useDeviceParam } from './components/use-device-param.js';

/** /device/deviceConfigInfo?deviceId=: what the portal holds against what the device reports it runs, with synch. */
export function ConfigInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [deviceId, setDeviceId] = useDeviceParam();
  const state = useConfigState(deviceId);
  const synch = useSynchConfig();
  const role = useSelfInfo().data?.baseInfo.role;

  const ask = async () => {
    if (deviceId === undefined) return;
    try {
      const reported = await synch.mutateAsync(deviceId);
      message.success(t('deviceConfig.synchDone', { version: reported.version }));
    } catch {
      // The HTTP layer has shown the reason (offline, no answer).
    }
  };

  let body = <Empty description={t('deviceConfig.pickDevice')} />;
  if (deviceId !== undefined) {
    if (state.isError) body = <LoadError onRetry={() => void state.refetch()} />;
    else if (!state.data) body = <Skeleton active />;
    else {
      const { current, pending, reported } = state.data;
      const portal = pending ?? current;
      body = (
        <Card
          title={t('deviceConfig.comparison')}
          data-testid="config-compare-card"
          extra={
            canCall(role, deviceConfigApi.synch) && (
              <Button
                icon={<SyncOutlined />}
                loading={synch.isPending}
                disabled={!state.data.online}
                onClick={() => void ask()}
                data-testid="config-synch"
              >
                {t('deviceConfig.synch')}
              </Button>
            )
          }
        >
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              {reported
                ? t('deviceConfig.reportedAt', { time: formatTime(reported.reportTime), version: reported.version })
                : t('deviceConfig.neverReported')}
            </Typography.Text>
            {portal && (
              <Typography.Text>
                {t('deviceConfig.portalVersion', { version: portal.version })} <StatusTag status={portal.status} />
              </Typography.Text>
            )}
            {!state.data.online && <Typography.Text type="warning">{t('deviceConfig.synchOffline')}</Typography.Text>}
            <ConfigDiff
              running={reported?.settings}
              portal={portal?.settings}
              portalTitle={t('deviceConfig.portalHolds')}
              testId="config-compare"
            />
          </Flex>
        </Card>
      );
    }
  }

  return (
    <Flex vertical gap={16} data-testid="config-info">
      <DeviceHeader deviceId={deviceId} onChange={setDeviceId} otherPage="DeviceConfigSetting" otherText={t('deviceConfig.editLink')} />
      {body}
    </Flex>
  );
}
