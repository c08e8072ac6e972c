import { EditOutlined, EnvironmentOutlined, ProfileOutlined, SwapOutlined } from '@ant-design/icons';
import { pathTo, type VehicleRecord } from '@safety-shield/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction } from '../../../../shared/ui/list/index.js';
import { LiveAction } from '../../../live/index.js';
import { useDeleteVehicle } from '../../api/delete-vehicle.js';
import { EndLeaseAction } from './EndLeaseAction.js';
import { IconAction } from './IconAction.js';

interface Props {
  vehicle: VehicleRecord;
  /** The caller's role may change vehicles. */
  manage: boolean;
  onRecord(): void;
  onLease(): void;
}

/** A row's actions: record and map for everyone; edit, lease and delete for the owner's managers (never a lessee). */
export function VehicleRowActions({ vehicle, manage, onRecord, onLease }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteVehicle();
  const owner = manage && !vehicle.leasedToCaller;
  return (
    <Space size={0}>
      <Button type="link" size="small" icon={<ProfileOutlined />} onClick={onRecord}>
        {t('vehicles.record.open')}
      </Button>
      <IconAction
        label={t('vehicles.map')}
        icon={<EnvironmentOutlined />}
        onClick={() => void navigate(pathTo('VehicleMap', { licensePlate: vehicle.licensePlate }))}
      />
      <LiveAction vehicle={vehicle} />
      {owner && (
        <IconAction
          label={t('list.edit')}
          icon={<EditOutlined />}
          onClick={() => void navigate(pathTo('VehicleEdit', { query: { id: vehicle.id } }))}
        />
      )}
      {owner &&
        (vehicle.rentState === 'leasing' ? (
          <EndLeaseAction vehicle={vehicle} compact />
        ) : (
          <IconAction label={t('vehicles.lease.action')} icon={<SwapOutlined />} onClick={onLease} />
        ))}
      {owner && (
        <DeleteAction
          name={vehicle.licensePlate}
          hint={vehicle.deviceCount > 0 ? t('vehicles.deleteHint', { count: vehicle.deviceCount }) : undefined}
          onDelete={() => remove.mutateAsync(vehicle.id)}
        />
      )}
    </Space>
  );
}
