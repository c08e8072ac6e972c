import { FieldTimeOutlined, FileTextOutlined, HistoryOutlined, ProfileOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type DeviceRunningStatus, deviceFaultFilters, pathTo } from '@safety-shield/contract';
import { Button, Flex, Grid, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIdParamState } from '../../shared/hooks/use-id-param.js';
import { formatTime } from '../../shared/ui/format.js';
import {
  actionsColumn,
  type ListColumns,
  ListPage,
  rowData,
  SelectFilter,
  TextFilter,
  timeColumn,
  useFilteredList,
} from '../../shared/ui/list/index.js';
import { useAlertFeed } from '../device-detail/index.js';
import { OnlineTag } from '../devices/index.js';
import { DEVICE_MONITOR_KEY, useDeviceStatusList } from './api/device-status.js';
import { FaultList } from './components/FaultList.js';
import { HistoryDrawer } from './components/HistoryDrawer.js';

const FILTERS = { keyword: 'text', online: ['true', 'false'], faults: deviceFaultFilters } as const;
/** The open history lives in the URL too, so a link opens the same device's history. */
const HISTORY_PARAM = 'device';
/** A link or button inside a clickable row does its own thing, not the row's. */
const own = { onClick: (event: React.MouseEvent) => event.stopPropagation() };

/**
 * /device/monitor: the running status of every device in the caller's scope: online or not, what fails on it now (the
 * faults nobody handled in red), how many wait, and when it last reported its health. Devices with waiting faults come
 * first. A row opens the device's alert history; its uuid leads to the device's page. Updates itself on every alert.
 */
export function DeviceMonitorPage() {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const { keyword, faults } = list.values;
  const online = list.values.online === undefined ? undefined : list.values.online === 'true';
  const query = useDeviceStatusList({ page: list.page, limit: list.limit, keyword, online, faults });
  useAlertFeed(DEVICE_MONITOR_KEY);
  const narrow = !Grid.useBreakpoint().lg;
  const [historyId, showHistory] = useIdParamState(HISTORY_PARAM);

  const historyButton = (row: DeviceRunningStatus, withText: boolean) => (
    <Button
      type="link"
      size="small"
      icon={<HistoryOutlined />}
      aria-label={withText ? undefined : t('deviceMonitor.historyOf', { uuid: row.deviceUuid })}
      onClick={(event) => {
        event.stopPropagation();
        showHistory(row.deviceId);
      }}
      style={withText ? { paddingInline: 0, alignSelf: 'flex-start' } : undefined}
      data-testid="monitor-history-open"
    >
      {withText && t('deviceMonitor.history')}
    </Button>
  );

  // Issue 16: the device, its faults and whether it is online first; the plate, the count and the report time as room
  // allows. A phone has room for one column beside the row's details: the device with its faults and its history.
  const columns: ListColumns<DeviceRunningStatus> = [
    {
      key: 'device',
      title: t('deviceMonitor.device'),
      fixed: narrow ? undefined : 'left',
      fitWidth: 200,
      render: (_, row) => (
        <Flex vertical gap={narrow ? 4 : 0}>
          <Link to={pathTo('DeviceDetail', { query: { deviceId: row.deviceId } })} {...own} data-testid="monitor-device">
            {row.deviceUuid}
          </Link>
          {row.name && <Typography.Text type="secondary">{row.name}</Typography.Text>}
          {narrow && <FaultList faults={row.openFaults} />}
          {narrow && historyButton(row, true)}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            key: 'faults',
            title: t('deviceMonitor.faults'),
            priority: 1,
            fitWidth: 260,
            render: (_: unknown, row: DeviceRunningStatus) => <FaultList faults={row.openFaults} />,
          },
        ]),
    {
      key: 'pending',
      title: t('deviceMonitor.pending'),
      align: 'right',
      priority: 2,
      fitWidth: 110,
      render: (_, row) =>
        row.pending > 0 ? (
          <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="monitor-pending">
            {row.pending}
          </Tag>
        ) : (
          <span data-testid="monitor-pending">0</span>
        ),
    },
    {
      key: 'state',
      title: t('deviceMonitor.state'),
      priority: 2,
      fitWidth: 220,
      render: (_, row) => (
        <Space size={4} wrap>
          <OnlineTag online={row.online} />
          {row.lastOnlineTime !== null && (
            <Typography.Text type="secondary" title={t('deviceMonitor.lastOnline')}>
              {formatTime(row.lastOnlineTime)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'plate',
      title: t('deviceMonitor.plate'),
      priority: 3,
      fitWidth: 130,
      render: (_, row) =>
        row.licensePlate ? (
          <Link to={pathTo('VehicleList', { licensePlate: row.licensePlate })} {...own}>
            {row.licensePlate}
          </Link>
        ) : (
          <Tag>{t('deviceMonitor.unbound')}</Tag>
        ),
    },
    timeColumn('health', t('deviceMonitor.health'), (row) => row.healthTime, 4),
    ...(narrow
      ? []
      : [
          actionsColumn<DeviceRunningStatus>(
            t('list.actions'),
            (row) => (
              <>
                <Tooltip title={t('deviceMonitor.history')} placement="bottom">
                  {historyButton(row, false)}
                </Tooltip>
                <Tooltip title={t('deviceMonitor.details')} placement="bottom">
                  <Link
                    to={pathTo('DeviceDetail', { query: { deviceId: row.deviceId } })}
                    {...own}
                    aria-label={t('deviceMonitor.detailsOf', { uuid: row.deviceUuid })}
                    style={{ display: 'inline-block', padding: '0 7px' }}
                    data-testid="monitor-detail-link"
                  >
                    <ProfileOutlined />
                  </Link>
                </Tooltip>
              </>
            ),
            96,
          ),
        ]),
  ];

  return (
    <ListPage<DeviceRunningStatus>
      testId="device-monitor"
      query={query}
      list={list}
      rowKey="deviceId"
      columns={columns}
      tableTestId="device-monitor-table"
      actions={
        // Issue 29: the devices' online time, the jobs that reach many devices and the logs they fetched, from their status.
        <Flex wrap gap={16} data-testid="monitor-links">
          <Link to={pathTo('LineSummary')}>
            <FieldTimeOutlined /> {t('route.lineSummary')}
          </Link>
          <Link to={pathTo('TaskManager')}>
            <UnorderedListOutlined /> {t('route.taskManager')}
          </Link>
          <Link to={pathTo('Collection')}>
            <FileTextOutlined /> {t('runtimeLogs.title')}
          </Link>
        </Flex>
      }
      onRow={(row) => ({
        onClick: () => showHistory(row.deviceId),
        style: { cursor: 'pointer' },
        ...rowData({ device: row.deviceUuid }),
      })}
      filterFields={
        <>
          <TextFilter name="keyword" label={t('deviceMonitor.keyword')} placeholder={t('deviceMonitor.keywordPlaceholder')} width={220} />
          <SelectFilter
            name="online"
            label={t('deviceMonitor.state')}
            width={140}
            values={['true', 'false']}
            textKey="deviceMonitor.online"
          />
          <SelectFilter
            name="faults"
            label={t('deviceMonitor.faults')}
            width={200}
            values={deviceFaultFilters}
            textKey="deviceMonitor.faultFilter"
          />
        </>
      }
    >
      <HistoryDrawer deviceId={historyId} onClose={() => showHistory(undefined)} />
    </ListPage>
  );
}
