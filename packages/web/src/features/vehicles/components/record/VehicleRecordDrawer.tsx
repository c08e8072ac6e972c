import { EditOutlined, EnvironmentOutlined, SwapOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { mayOpenPage, pathTo, type VehicleRecord } from '@safety-shield/contract';
import { Button, Flex, Skeleton, Space, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../../shared/ui/LoadError.js';
import { RecordDrawer } from '../../../../shared/ui/RecordDrawer.js';
import { useSelfInfo } from '../../../auth/index.js';
import { useVehicle } from '../../api/get-vehicle.js';
import { OnlineTag } from '../display.js';
import { EmailsPanel } from '../emails/EmailsPanel.js';
import { EndLeaseAction } from '../list/EndLeaseAction.js';
import type { RecordTab } from '../paths.js';
import { canManageVehicles } from '../permissions.js';
import { useLiveVehicle } from '../use-live-vehicle.js';
import { VehicleDevicesTab } from './VehicleDevicesTab.js';
import { VehicleInfoTab } from './VehicleInfoTab.js';

// The trail brings Leaflet and ECharts: loaded when first opened, so the list stays light.
const TrailPanel = lazy(() => import('../trail/TrailPanel.js').then((module) => ({ default: module.TrailPanel })));

interface Props {
  /** The vehicle shown; undefined closes the drawer. */
  vehicleId: number | undefined;
  tab: RecordTab;
  onTabChange(tab: RecordTab): void;
  onClose(): void;
  onLease(vehicle: VehicleRecord): void;
}

/** The vehicle record (SPEC section 2): info, devices, trail and notification e-mails, in a wide drawer. */
export function VehicleRecordDrawer({ vehicleId, tab, onTabChange, onClose, onLease }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useSelfInfo().data?.baseInfo.role;
  const { data: vehicle, isPending, isError, refetch } = useVehicle(vehicleId === undefined ? undefined : { id: vehicleId });
  // A lessee uses the vehicle but does not manage it (no edit, lease, delete, devices or e-mails).
  const live = useLiveVehicle(vehicle);
  const owner = canManageVehicles(role) && vehicle !== undefined && !vehicle.leasedToCaller;

  return (
    <RecordDrawer
      of={vehicleId}
      onClose={onClose}
      size="min(1100px, 100vw)"
      title={
        vehicle ? (
          <Space wrap>
            {t('vehicles.record.title', { plate: vehicle.licensePlate })}
            <OnlineTag online={live.online} />
          </Space>
        ) : (
          t('vehicles.record.titleLoading')
        )
      }
      extra={
        vehicle && (
          <Space wrap>
            <Button
              size="small"
              icon={<EnvironmentOutlined />}
              onClick={() => void navigate(pathTo('VehicleMap', { licensePlate: vehicle.licensePlate }))}
            >
              {t('vehicles.map')}
            </Button>
            {/* Issue 29: the recordings on the vehicle's device, reached from its record (the Super Admin's page). */}
            {role && mayOpenPage('Dvr', role) && (
              <Button
                size="small"
                icon={<VideoCameraOutlined />}
                onClick={() => void navigate(pathTo('Dvr', { licensePlate: vehicle.licensePlate }))}
                data-testid="vehicle-record-dvr"
              >
                {t('route.dvr')}
              </Button>
            )}
            {owner && (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => void navigate(pathTo('VehicleEdit', { query: { id: vehicle.id } }))}
              >
                {t('list.edit')}
              </Button>
            )}
            {owner &&
              (vehicle.rentState === 'leasing' ? (
                <EndLeaseAction vehicle={vehicle} />
              ) : (
                <Button size="small" icon={<SwapOutlined />} onClick={() => onLease(vehicle)}>
                  {t('vehicles.lease.action')}
                </Button>
              ))}
          </Space>
        )
      }
      data-testid="vehicle-record"
    >
      {vehicleId !== undefined && isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : isError || !vehicle ? (
        <LoadError title={t('vehicles.record.loadError')} onRetry={() => void refetch()} />
      ) : (
        <Flex vertical>
          <Tabs
            className="wrapping-tabs"
            activeKey={tab}
            onChange={(key) => onTabChange(key as RecordTab)}
            items={[
              { key: 'info', label: t('vehicles.record.info'), children: <VehicleInfoTab vehicle={vehicle} /> },
              {
                key: 'devices',
                label: t('vehicles.record.devices', { count: vehicle.devices.length }),
                children: <VehicleDevicesTab vehicle={vehicle} manage={owner} />,
              },
              // Tabs draw when first opened: the trail is asked for only when someone looks at it.
              {
                key: 'trail',
                label: t('vehicles.record.trail'),
                children: (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                    <TrailPanel vehicleId={vehicle.id} />
                  </Suspense>
                ),
              },
              { key: 'emails', label: t('vehicles.record.emails'), children: <EmailsPanel vehicleId={vehicle.id} manage={owner} /> },
            ]}
          />
        </Flex>
      )}
    </RecordDrawer>
  );
}
