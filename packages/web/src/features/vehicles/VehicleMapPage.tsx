import { pathTo } from '@safety-shield/contract';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/http/client.js';
import { useVehicle } from './api/get-vehicle.js';
import { LiveVehicleMap } from './components/map/LiveVehicleMap.js';

/** /map/:licensePlate — one vehicle's live position, kept current over the WebSocket. */
export function VehicleMapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { licensePlate = '' } = useParams();
  const { data: vehicle, isPending, isError, error, refetch } = useVehicle(licensePlate ? { licensePlate } : undefined);
  if (isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (isError) {
    const missing = error instanceof ApiError && error.codeKey === 'VEHICLE_NOT_EXIST';
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('vehicles.mapPage.notFound', { plate: licensePlate }) : t('common.loadFailed')}
        extra={
          missing ? (
            <Button type="primary" onClick={() => void navigate(pathTo('VehicleList'))}>
              {t('route.vehicleList')}
            </Button>
          ) : (
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          )
        }
      />
    );
  }
  // A new key per vehicle: another plate in the same cached view starts its map afresh.
  return <LiveVehicleMap key={vehicle.id} vehicle={vehicle} />;
}
