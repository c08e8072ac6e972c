import { RollbackOutlined } from '@ant-design/icons';
import type { VehicleRecord } from '@safety-shield/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../../shared/ui/ConfirmAction.js';
import { useEndLease } from '../../api/end-lease.js';

/** SPEC section 4: ending a lease asks first; the vehicle goes back to its owner fleet at once. */
export function EndLeaseAction({ vehicle, compact }: { vehicle: VehicleRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const end = useEndLease();
  return (
    <ConfirmAction
      title={t('vehicles.lease.endConfirm', { plate: vehicle.licensePlate })}
      description={t('vehicles.lease.endHint', { fleet: vehicle.fleetName ?? '—' })}
      okText={t('vehicles.lease.end')}
      done={t('vehicles.lease.ended', { plate: vehicle.licensePlate })}
      onConfirm={() => end.mutateAsync(vehicle.id)}
    >
      {compact ? (
        // Inline (not IconAction): the confirmation needs an element that takes its ref.
        <Tooltip title={t('vehicles.lease.end')}>
          <Button type="link" size="small" icon={<RollbackOutlined />} aria-label={t('vehicles.lease.end')} loading={end.isPending} />
        </Tooltip>
      ) : (
        <Button size="small" icon={<RollbackOutlined />} loading={end.isPending}>
          {t('vehicles.lease.end')}
        </Button>
      )}
    </ConfirmAction>
  );
}
