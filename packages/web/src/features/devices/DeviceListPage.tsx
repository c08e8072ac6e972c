import type { DeviceRecord } from '@safety-shield/contract';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListPage, numberFilter, useListParams } from '../../shared/ui/list/index.js';
import { useDevices } from './api/get-devices.js';
import { DeviceDetailDrawer } from './components/DeviceDetailDrawer.js';
import { DeviceFilterBar } from './components/DeviceFilterBar.js';
import { DeviceRowActions } from './components/DeviceRowActions.js';
import { ConnectionTime, dash, PresenceCell } from './components/display.js';
import { ExportButtons } from './components/ExportButtons.js';
import { DEVICE_FILTERS, deviceFilters } from './components/filters.js';
import { useNarrowRows } from './components/layout.js';

/** The open detail drawer lives in the URL too, so a link opens the same device. */
const DETAIL_PARAM = 'device';

/** /devicepage/list (Super Admin): every device with all filters, exports, and the per-device actions and detail. */
export function DeviceListPage() {
  const { t } = useTranslation();
  const list = useListParams(DEVICE_FILTERS);
  const narrow = useNarrowRows();
  const filters = useMemo(() => deviceFilters(list.filters), [list.filters]);
  const query = useDevices({ page: list.page, limit: list.limit, ...filters });
  const [search, setSearch] = useSearchParams();
  const detailId = numberFilter(search.get(DETAIL_PARAM) ?? undefined);
  const showDetail = (deviceId: number | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (deviceId === undefined) next.delete(DETAIL_PARAM);
      else next.set(DETAIL_PARAM, String(deviceId));
      return next;
    });

  const columns: TableColumnsType<DeviceRecord> = [
    { title: t('devices.uuid'), dataIndex: 'deviceUuid', fixed: narrow ? undefined : 'left' },
    { title: t('devices.name'), dataIndex: 'name', render: dash },
    {
      title: t('devices.plate'),
      dataIndex: 'licensePlate',
      render: (plate: string | null) =>
        plate ? <Link to={`/vehicle/list/${encodeURIComponent(plate)}`}>{plate}</Link> : <Tag>{t('devices.unmatched')}</Tag>,
    },
    { title: t('devices.state'), key: 'presence', render: (_, record) => <PresenceCell {...record} /> },
    {
      title: t('devices.connectionTime'),
      dataIndex: 'connectedSeconds',
      render: (seconds: number) => <ConnectionTime seconds={seconds} />,
    },
    { title: t('devices.channels'), dataIndex: 'channels', align: 'right' },
    { title: t('devices.version'), dataIndex: 'version', render: dash },
    { title: t('devices.iccid'), dataIndex: 'iccid', render: dash },
    {
      title: t('devices.companyFleet'),
      key: 'org',
      render: (_, record) => (
        <Flex vertical>
          <span>{dash(record.companyName)}</span>
          {record.fleetName && <Typography.Text type="secondary">{record.fleetName}</Typography.Text>}
        </Flex>
      ),
    },
    { title: 'dBm', key: 'dbm', align: 'right', render: (_, record) => dash(record.position?.dbm) },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => <DeviceRowActions device={record} compact={narrow} onDetail={() => showDetail(record.deviceId)} />,
    },
  ];

  return (
    <ListPage
      testId="device-list"
      query={query}
      list={list}
      filters={<DeviceFilterBar list={list} filters={filters} />}
      actions={<ExportButtons filters={filters} />}
      rowKey="deviceId"
      columns={columns}
    >
      <DeviceDetailDrawer deviceId={detailId} onClose={() => showDetail(undefined)} />
    </ListPage>
  );
}
