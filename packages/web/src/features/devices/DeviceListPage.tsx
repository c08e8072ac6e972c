import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, numberFilter, useListParams } from '../../shared/ui/list/index.js';
import { useDevices } from './api/get-devices.js';
import { DeviceDetailDrawer } from './components/DeviceDetailDrawer.js';
import { DeviceFilterBar } from './components/DeviceFilterBar.js';
import { useDeviceColumns } from './components/device-columns.js';
import { ExportButtons } from './components/ExportButtons.js';
import { DEVICE_FILTERS, deviceFilters } from './components/filters.js';
import { useNarrowRows } from './components/layout.js';

/** The open detail drawer lives in the URL too, so a link opens the same device. */
const DETAIL_PARAM = 'device';

/** /devicepage/list (Super Admin): every device with all filters, exports, and the per-device actions and detail. */
export function DeviceListPage() {
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

  const columns = useDeviceColumns({ narrow, onDetail: (device) => showDetail(device.deviceId) });

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
