import { type ConfigSettings, type ConfigVersion, canCall, deviceConfigApi } from '@safety-shield/contract';
import { Alert, App, Button, Card, Empty, Flex, Form, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { LoadError } from '../../shared/ui/LoadError.js';
import { useSelfInfo } from '../auth/index.js';
import { useDevice, useDevices } from '../devices/index.js';
import { useCancelConfig, useConfigState, useDispatchConfig, useSaveConfig } from './api/config.js';
import { BatchEditor, type BatchTarget } from './components/BatchEditor.js';
import { ConfigDiff } from './components/ConfigDiff.js';
import { ConfigForm, type ConfigFormValues, formValuesOf, settingsOf } from './components/ConfigForm.js';
import { DeviceHeader } from './components/DeviceHeader.js';
import { HistoryTable } from './components/HistoryTable.js';
import { StatusTag } from './components/StatusTag.js';
import { useBatchParam } from './components/use-batch-param.js';
import { useDeviceParam } from './components/use-device-param.js';

/** /device/configSetting?deviceId=: edit a device's configuration, compare it with what the device runs, dispatch it, follow it. */
export function ConfigSettingPage() {
  const batch = useBatchParam();
  return batch ? <BatchPage target={batch} /> : <SingleDevicePage />;
}

/** The editor for many devices: how many the batch reaches, then the sections to change. */
function BatchPage({ target }: { target: BatchTarget }) {
  const selected = 'filter' in target ? target.filter : {};
  const matching = useDevices({ ...selected, page: 1, limit: 1 });
  const count = 'deviceIds' in target ? target.deviceIds.length : matching.data?.total;
  return (
    <Flex vertical gap={16} data-testid="config-setting">
      <BatchEditor target={target} count={count} />
    </Flex>
  );
}

function SingleDevicePage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useDeviceParam();
  return (
    <Flex vertical gap={16} data-testid="config-setting">
      <DeviceHeader deviceId={deviceId} onChange={setDeviceId} otherPage="DeviceConfigInfo" otherText={t('deviceConfig.compareLink')} />
      {deviceId === undefined ? <Empty description={t('deviceConfig.pickDevice')} /> : <ConfigEditor deviceId={deviceId} />}
    </Flex>
  );
}

function ConfigEditor({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSelfInfo().data?.baseInfo.role;
  const writes = canCall(role, deviceConfigApi.save);
  const device = useDevice(deviceId);
  const state = useConfigState(deviceId);
  const save = useSaveConfig();
  const dispatch = useDispatchConfig();
  const cancel = useCancelConfig();
  const [form] = Form.useForm<ConfigFormValues>();
  const watched = Form.useWatch([], form) as Partial<ConfigFormValues> | undefined;

  if (state.isError || device.isError) return <LoadError onRetry={() => void Promise.all([state.refetch(), device.refetch()])} />;
  if (!state.data || !device.data) return <Skeleton active />;
  const { current, pending, draft, reported } = state.data;
  const base: ConfigSettings = draft?.settings ?? current?.settings ?? reported?.settings ?? {};
  const edited: ConfigSettings = { ...base, ...(watched ? settingsOf(watched) : {}) };

  const tell = (version: ConfigVersion) => {
    if (version.status === 'applied') message.success(t('deviceConfig.appliedMessage', { version: version.version }));
    else if (version.status === 'refused')
      message.error(t('deviceConfig.refusedMessage', { version: version.version, reason: version.reason }));
    else message.info(t(version.sentTime ? 'deviceConfig.sentMessage' : 'deviceConfig.waitingMessage', { version: version.version }));
  };
  const submit = async (values: ConfigFormValues, andDispatch: boolean) => {
    try {
      const saved = await save.mutateAsync({ deviceId, settings: settingsOf(values) });
      if (!andDispatch) return void message.success(t('deviceConfig.savedMessage', { version: saved.version }));
      tell(await dispatch.mutateAsync({ deviceId }));
    } catch {
      // The HTTP layer has shown the server's reason.
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" data-testid="config-state">
        <Space wrap size="middle">
          <span>
            {t('deviceConfig.currentVersion')}:{' '}
            <Typography.Text strong data-testid="config-current-version">
              {current ? current.version : t('deviceConfig.factory')}
            </Typography.Text>
          </span>
          {current?.appliedTime && <Typography.Text type="secondary">{formatTime(current.appliedTime)}</Typography.Text>}
          {draft && (
            <span>
              {t('deviceConfig.draftVersion', { version: draft.version })} <StatusTag status={draft.status} />
            </span>
          )}
        </Space>
      </Card>
      {!device.data.online && <Alert type="warning" showIcon title={t('deviceConfig.offlineNote')} data-testid="config-offline" />}
      {pending && (
        <Alert
          type="info"
          showIcon
          data-testid="config-pending"
          title={t(pending.sentTime ? 'deviceConfig.pendingSent' : 'deviceConfig.pendingWaiting', { version: pending.version })}
          description={pending.expireTime ? t('deviceConfig.expiresAt', { time: formatTime(pending.expireTime) }) : undefined}
          action={
            writes && (
              <Button
                size="small"
                danger
                loading={cancel.isPending}
                onClick={() => void cancel.mutateAsync(deviceId).catch(() => undefined)}
              >
                {t('deviceConfig.cancelDispatch')}
              </Button>
            )
          }
        />
      )}
      <Flex wrap gap={16} align="start">
        <Card title={t('deviceConfig.editor')} style={{ flex: '1 1 520px', minWidth: 0 }}>
          <ConfigForm
            key={`${draft?.id ?? 'none'}-${current?.id ?? 'none'}`}
            form={form}
            channels={device.data.channels}
            initialValues={formValuesOf(base, device.data.channels)}
            apnPasswordSet={(draft ?? current)?.apnPasswordSet ?? false}
            disabled={!writes}
            deviceId={device.data.deviceId}
            position={device.data.position ? { lat: device.data.position.lat, lng: device.data.position.lng } : null}
            pending={save.isPending || dispatch.isPending}
            onSubmit={(values, andDispatch) => void submit(values, andDispatch)}
          />
        </Card>
        <Card title={t('deviceConfig.beforeDispatch')} style={{ flex: '1 1 420px', minWidth: 0 }} data-testid="config-diff-card">
          {reported ? (
            <Typography.Paragraph type="secondary">
              {t('deviceConfig.reportedAt', { time: formatTime(reported.reportTime), version: reported.version })}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">{t('deviceConfig.neverReported')}</Typography.Paragraph>
          )}
          <ConfigDiff running={reported?.settings} portal={edited} portalTitle={t('deviceConfig.afterDispatch')} testId="config-diff" />
        </Card>
      </Flex>
      <Card title={t('deviceConfig.history')}>
        <HistoryTable deviceId={deviceId} writes={writes} />
      </Card>
    </Flex>
  );
}
