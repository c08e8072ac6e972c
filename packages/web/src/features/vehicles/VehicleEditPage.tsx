import { pathTo } from '@safety-shield/contract';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../shared/hooks/use-id-param.js';
import { LoadFailedResult } from '../../shared/ui/results.js';
import { useSelfInfo } from '../auth/index.js';
import { useVehicle } from './api/get-vehicle.js';
import { VehicleForm } from './components/form/VehicleForm.js';
import { canManageVehicles } from './components/permissions.js';

/** /vehicle/edit (a new vehicle) and /vehicle/edit?id= (an existing one). */
export function VehicleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam('id');
  const role = useSelfInfo().data?.baseInfo.role;
  const { data: vehicle, isPending, isError, refetch } = useVehicle(id === undefined ? undefined : { id });
  if (!canManageVehicles(role)) return <Result status="403" title={t('route.unauthorized')} subTitle={t('errors.unauthorized')} />;
  if (id === undefined) return <VehicleForm />;
  if (isPending) return <Skeleton active />;
  if (isError) return <LoadFailedResult onRetry={() => void refetch()} />;
  // A lessee uses the vehicle but may not change it.
  if (vehicle.leasedToCaller)
    return (
      <Result
        status="403"
        title={t('vehicles.form.lesseeTitle')}
        subTitle={t('vehicles.form.lesseeHint')}
        extra={
          <Button type="primary" onClick={() => void navigate(pathTo('VehicleList'))}>
            {t('route.vehicleList')}
          </Button>
        }
      />
    );
  // A new key per vehicle: the form starts from that vehicle's values.
  return <VehicleForm key={vehicle.id} vehicle={vehicle} />;
}
