import { CarOutlined, PlusOutlined } from '@ant-design/icons';
import { pathTo, type RentState, type VehicleRecord } from '@safety-shield/contract';
import { Button, ConfigProvider, Empty } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ListPage, ListTable, numberFilter, useListParams, writeListParams } from '../../shared/ui/list/index.js';
import { useSelfInfo } from '../auth/index.js';
import { useVehicles } from './api/get-vehicles.js';
import { LeaseDialog } from './components/LeaseDialog.js';
import { VehicleFilters, type VehicleFilterValues } from './components/list/VehicleFilters.js';
import { useVehicleColumns } from './components/list/vehicle-columns.js';
import { type RecordTab, recordTabs } from './components/paths.js';
import { canManageVehicles, orgLevelsFor } from './components/permissions.js';
import { VehicleRecordDrawer } from './components/record/VehicleRecordDrawer.js';

const FILTERS = ['licensePlate', 'agentId', 'companyId', 'fleetId', 'online', 'rentState', 'brand'] as const;
type FilterKey = (typeof FILTERS)[number];
const rentStates: RentState[] = ['available', 'leasing'];

/** The filters as the URL keeps them (ids and words as text). */
const toUrl = (values: VehicleFilterValues): Partial<Record<FilterKey, string | undefined>> => ({
  licensePlate: values.licensePlate?.trim(),
  agentId: values.agentId?.toString(),
  companyId: values.companyId?.toString(),
  fleetId: values.fleetId?.toString(),
  online: values.online,
  rentState: values.rentState,
  brand: values.brand?.trim(),
});

/**
 * /vehicle/list/:licensePlate? — the vehicles in scope with filters in the URL (a plate in the path pre-fills the
 * plate filter), row actions, and the vehicle record in a drawer (`?record=<id>&tab=`).
 */
export function VehicleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useSelfInfo().data?.baseInfo.role;
  const manage = canManageVehicles(role);
  const levels = orgLevelsFor(role);
  const { licensePlate: pathPlate } = useParams();
  const list = useListParams(FILTERS);
  const [search, setSearch] = useSearchParams();
  const [leasing, setLeasing] = useState<VehicleRecord>();

  const { filters } = list;
  const online = filters.online === 'online' ? true : filters.online === 'offline' ? false : undefined;
  const rentState = rentStates.find((value) => value === filters.rentState);
  const plate = filters.licensePlate ?? pathPlate;
  const query = useVehicles({
    page: list.page,
    limit: list.limit,
    licensePlate: plate,
    agentId: numberFilter(filters.agentId),
    companyId: numberFilter(filters.companyId),
    fleetId: numberFilter(filters.fleetId),
    online,
    rentState,
    brand: filters.brand,
  });

  const filterValues = useMemo<VehicleFilterValues>(
    () => ({
      licensePlate: plate,
      agentId: numberFilter(filters.agentId),
      companyId: numberFilter(filters.companyId),
      fleetId: numberFilter(filters.fleetId),
      online: online === undefined ? undefined : online ? 'online' : 'offline',
      rentState,
      brand: filters.brand,
    }),
    [plate, filters.agentId, filters.companyId, filters.fleetId, online, rentState, filters.brand],
  );

  // With a plate in the path, a new search leaves that path: the plate is then one filter among the others.
  const searchFor = (values: VehicleFilterValues) => {
    if (!pathPlate) return list.setFilters(toUrl(values));
    const clean = Object.fromEntries(Object.entries(toUrl(values)).filter(([, value]) => value)) as Partial<Record<FilterKey, string>>;
    const next = writeListParams(new URLSearchParams(), FILTERS, { page: 1, limit: list.limit, filters: clean });
    void navigate({ pathname: pathTo('VehicleList'), search: next.toString() });
  };

  const recordId = numberFilter(search.get('record') ?? undefined);
  const tab = recordTabs.find((value) => value === search.get('tab')) ?? 'info';
  const openRecord = useCallback(
    (vehicleId: number | undefined, nextTab: RecordTab = 'info') =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (vehicleId === undefined) {
          next.delete('record');
          next.delete('tab');
        } else {
          next.set('record', String(vehicleId));
          next.set('tab', nextTab);
        }
        return next;
      }),
    [setSearch],
  );

  const columns = useVehicleColumns({ manage, onRecord: (vehicle) => openRecord(vehicle.id), onLease: setLeasing });

  return (
    <ListPage
      testId="vehicle-list"
      query={query}
      list={list}
      filters={
        <VehicleFilters
          values={filterValues}
          levels={levels}
          onSearch={searchFor}
          onReset={() => (pathPlate ? void navigate(pathTo('VehicleList')) : list.resetFilters())}
        />
      }
      actions={
        manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(pathTo('VehicleEdit'))}>
            {t('vehicles.add')}
          </Button>
        )
      }
    >
      <ConfigProvider
        renderEmpty={() => (
          <Empty
            image={<CarOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />}
            description={Object.keys(filters).length > 0 || pathPlate ? t('vehicles.emptyFiltered') : t('vehicles.empty')}
          />
        )}
      >
        <ListTable<VehicleRecord> tableId="vehicle-list" rowKey="id" columns={columns} list={list} query={query} />
      </ConfigProvider>
      <LeaseDialog vehicle={leasing} onClose={() => setLeasing(undefined)} />
      <VehicleRecordDrawer
        vehicleId={recordId}
        tab={tab}
        onTabChange={(next) => openRecord(recordId, next)}
        onClose={() => openRecord(undefined)}
        onLease={setLeasing}
      />
    </ListPage>
  );
}
