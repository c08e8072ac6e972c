import { DashboardOutlined, FieldTimeOutlined, FileTextOutlined, LockOutlined } from '@ant-design/icons';
import { pathTo } from '@safety-shield/contract';
import { Card, Empty, Flex, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError.js';
import { numberFilter } from '../../shared/ui/list/index.js';
import { DbmPanel, DevicePicker, useDevice } from '../devices/index.js';
import { AlertHistory } from './components/AlertHistory.js';
import { BindHistory } from './components/BindHistory.js';
import { ConfigPanel } from './components/ConfigPanel.js';
import { DeviceIdentity } from './components/DeviceIdentity.js';
import { DriverTextButton } from './components/DriverTextButton.js';
import { IncidentsPanel } from './components/IncidentsPanel.js';
import { StatusSummary } from './components/StatusSummary.js';

const TABS = ['signal', 'alerts', 'incidents', 'config', 'bind'] as const;
type DetailTab = (typeof TABS)[number];

/**
 * /device/detailPage?deviceId=: one device's whole picture: who it is and where it belongs, what fails on it now, its
 * signal over time, its running-status alerts, its vehicle's incidents, its configuration and its bind history. The
 * device and the open tab live in the URL, so a link opens the same view; without a device, a picker.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const deviceId = numberFilter(search.get('deviceId') ?? undefined);
  const tab: DetailTab = TABS.find((key) => key === search.get('tab')) ?? 'signal';
  const device = useDevice(deviceId);
  const change = (key: 'deviceId' | 'tab', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: key === 'tab' },
    );

  let body = (
    <Card>
      <Empty description={t('deviceDetail.pickFirst')} />
    </Card>
  );
  if (deviceId !== undefined) {
    if (device.isError) body = <LoadError title={t('deviceDetail.loadError')} onRetry={() => void device.refetch()} />;
    else if (!device.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
    else {
      const record = device.data;
      body = (
        <>
          <StatusSummary device={record} />
          <DeviceIdentity device={record} />
          <Card size="small">
            <Tabs
              className="wrapping-tabs"
              activeKey={tab}
              onChange={(key) => change('tab', key)}
              destroyOnHidden
              items={[
                { key: 'signal', label: t('deviceDetail.tabs.signal'), children: <DbmPanel deviceId={record.deviceId} /> },
                {
                  key: 'alerts',
                  label: t('deviceDetail.tabs.alerts'),
                  children: <AlertHistory deviceId={record.deviceId} tableId="device-detail-alerts" />,
                },
                {
                  key: 'incidents',
                  label: t('deviceDetail.tabs.incidents'),
                  children: (
                    <IncidentsPanel deviceUuid={record.deviceUuid} vehicleId={record.vehicleId} licensePlate={record.licensePlate} />
                  ),
                },
                { key: 'config', label: t('deviceDetail.tabs.config'), children: <ConfigPanel deviceId={record.deviceId} /> },
                { key: 'bind', label: t('deviceDetail.tabs.bind'), children: <BindHistory deviceId={record.deviceId} /> },
              ]}
            />
          </Card>
        </>
      );
    }
  }

  return (
    <Flex vertical gap={16} data-testid="device-detail-page">
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <div style={{ flex: '1 1 260px', maxWidth: 420 }}>
            <DevicePicker
              // A device that could not be loaded is no choice: the picker offers to choose one.
              deviceId={device.data ? deviceId : undefined}
              label={device.data?.deviceUuid}
              onChange={(next) => change('deviceId', String(next))}
              placeholder={t('deviceDetail.pick')}
              ariaLabel={t('deviceDetail.pickLabel')}
              notFound={t('deviceDetail.pickNone')}
              testId="detail-device-picker"
            />
          </div>
          <Flex wrap gap={16}>
            {device.data && (
              <Link to={pathTo('LineSummary', { query: { keyword: device.data.deviceUuid } })} data-testid="detail-to-online-time">
                <FieldTimeOutlined /> {t('route.lineSummary')}
              </Link>
            )}
            {device.data && (
              <Link to={pathTo('DeviceLocks', { query: { keyword: device.data.deviceUuid } })} data-testid="detail-to-lock">
                <LockOutlined /> {t('route.deviceLock')}
              </Link>
            )}
            {device.data && (
              <Link to={pathTo('Collection', { query: { keyword: device.data.deviceUuid } })} data-testid="detail-to-runtime-logs">
                <FileTextOutlined /> {t('runtimeLogs.title')}
              </Link>
            )}
            {device.data && <DriverTextButton deviceId={device.data.deviceId} online={device.data.online} />}
            <Link to={pathTo('DeviceMonitor')} data-testid="detail-to-monitor">
              <DashboardOutlined /> {t('deviceDetail.toMonitor')}
            </Link>
          </Flex>
        </Flex>
      </Card>
      {body}
    </Flex>
  );
}
