import { CheckOutlined } from '@ant-design/icons';
import { type DeviceAlert, type DeviceAlertState, pathTo } from '@safety-shield/contract';
import { Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import { ListPage, useListParams } from '../../shared/ui/list/index.js';
import { AlertStateTag, faultText, HandledBy } from '../device-detail/index.js';
import { useDeviceAlerts } from './api/device-alerts.js';
import { AlertFilterBar } from './components/AlertFilterBar.js';
import { ALERT_FILTERS, alertFilters } from './components/filters.js';
import { HandleAlertsDialog } from './components/HandleAlertsDialog.js';
import { useDeviceAlertFeed } from './use-device-alert-feed.js';

/**
 * /devicepage/maintenance: the running-status alerts devices report (a lost camera, a full card…), pending first;
 * an operator marks them handled with a note, and a device reporting the fault gone clears it. Updates itself live.
 */
export function DeviceAlertsPage() {
  const { t } = useTranslation();
  const list = useListParams(ALERT_FILTERS);
  const filters = useMemo(() => alertFilters(list.filters), [list.filters]);
  const query = useDeviceAlerts({ page: list.page, limit: list.limit, ...filters });
  useDeviceAlertFeed(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState(false);

  const columns: TableColumnsType<DeviceAlert> = [
    { title: t('deviceAlerts.raised'), dataIndex: 'raisedTime', render: formatTime },
    {
      title: t('deviceAlerts.fault'),
      key: 'fault',
      render: (_, alert) => <span data-testid="alert-fault">{faultText(t, alert.code, alert.channel)}</span>,
    },
    {
      title: t('deviceAlerts.state'),
      dataIndex: 'state',
      render: (state: DeviceAlertState) => <AlertStateTag state={state} testId="alert-state" />,
    },
    {
      title: t('deviceAlerts.plate'),
      dataIndex: 'licensePlate',
      render: (plate: string | null) =>
        plate ? <Link to={pathTo('VehicleList', { licensePlate: plate })}>{plate}</Link> : <Tag>{t('deviceAlerts.unbound')}</Tag>,
    },
    {
      title: t('deviceAlerts.device'),
      key: 'device',
      render: (_, alert) => (
        <Flex vertical>
          <span>{alert.deviceUuid}</span>
          {alert.deviceName && <Typography.Text type="secondary">{alert.deviceName}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('deviceAlerts.cleared'), dataIndex: 'clearedTime', render: formatTime },
    {
      title: t('deviceAlerts.handledBy'),
      key: 'handled',
      render: (_, alert) => <HandledBy alert={alert} />,
    },
  ];

  return (
    <ListPage
      testId="device-alerts"
      query={query}
      list={list}
      filters={<AlertFilterBar list={list} filters={filters} />}
      actions={
        <>
          <Link to={pathTo('DeviceMonitor')} data-testid="alerts-monitor-link">
            {t('deviceAlerts.monitorLink')}
          </Link>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            onClick={() => setHandling(true)}
            data-testid="alert-handle"
          >
            {selected.length > 0 ? t('deviceAlerts.handleSelected', { count: selected.length }) : t('deviceAlerts.handle')}
          </Button>
        </>
      }
      rowKey="id"
      columns={columns}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(Number)),
        // Only what waits for someone can be handled.
        getCheckboxProps: (alert) => ({ disabled: alert.state !== 'pending' }),
      }}
    >
      <HandleAlertsDialog
        ids={selected}
        open={handling}
        onClose={(done) => {
          setHandling(false);
          if (done) setSelected([]);
        }}
      />
    </ListPage>
  );
}
