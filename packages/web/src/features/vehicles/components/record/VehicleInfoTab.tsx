import { safetyScoreApi, type VehicleDetail } from '@safety-shield/contract';
import { Descriptions, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { distanceText, formatTime, speedText } from '../../../../shared/ui/format.js';
import { PlaceName } from '../../../../shared/ui/place.js';
import { useCan } from '../../../auth/index.js';
import { dash, formatMinutes, OnlineTag, RentState } from '../display.js';
import { LiveBadge } from '../LiveBadge.js';
import { useLiveVehicle } from '../use-live-vehicle.js';
import { VehicleSafetyScore } from './VehicleSafetyScore.js';

/** Every field of the vehicle (SPEC section 3), the position and presence kept live; its safety score above them. */
export function VehicleInfoTab({ vehicle }: { vehicle: VehicleDetail }) {
  const { t } = useTranslation();
  const live = useLiveVehicle(vehicle);
  const { position } = live;
  const verified = vehicle.emails.filter((email) => email.state === 'verified').length;
  // The safety score is the statistics readers' (Fleet Admin and above): a Site Admin sees the record without it.
  const scores = useCan()(safetyScoreApi.list);
  const item = (label: string, children: React.ReactNode) => ({ key: label, label, children });
  return (
    <Flex vertical gap={12}>
      {scores && <VehicleSafetyScore vehicle={vehicle} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        data-testid="vehicle-info"
        items={[
          item(t('vehicles.licensePlate'), vehicle.licensePlate),
          item(t('vehicles.brand'), dash(vehicle.brand)),
          item(t('vehicles.model'), dash(vehicle.model)),
          item(t('vehicles.kindName'), vehicle.kindName ? t(`vehicles.kinds.${vehicle.kindName}`) : '—'),
          item(t('vehicles.useFor'), vehicle.useFor ? t(`vehicles.uses.${vehicle.useFor}`) : '—'),
          item(t('vehicles.customer'), dash(vehicle.customer)),
          item(t('vehicles.initialMileage'), distanceText(vehicle.initialMileageKm)),
          item(t('vehicles.totalMileage'), distanceText(vehicle.totalMileageKm)),
          item(t('vehicles.runningTime'), formatMinutes(t, vehicle.runningMinutes)),
          item(t('vehicles.attribution'), dash(vehicle.attribution)),
          item(t('vehicles.address'), dash(vehicle.address)),
          item(t('org.kind.agent'), dash(vehicle.agentName)),
          item(t('org.kind.company'), dash(vehicle.companyName)),
          item(t('org.kind.fleet'), dash(vehicle.fleetName)),
          item(
            t('vehicles.presence'),
            <Space wrap>
              <OnlineTag online={live.online} />
              <LiveBadge status={live.status} />
            </Space>,
          ),
          item(t('vehicles.lastOnline'), formatTime(vehicle.lastOnlineTime)),
          item(
            t('vehicles.location'),
            position ? <PlaceName lat={position.lat} lng={position.lng} place={position.place} /> : t('vehicles.noPosition'),
          ),
          item(t('vehicles.speed'), position ? speedText(position.speed, 0) : '—'),
          item(t('vehicles.heading'), position ? `${Math.round(position.heading)}°` : '—'),
          item(t('vehicles.dbm'), position?.dbm != null ? t('vehicles.unit.dbm', { value: position.dbm }) : '—'),
          item(t('vehicles.positionTime'), formatTime(position?.time)),
          item(t('vehicles.devices'), vehicle.deviceCount),
          item(t('vehicles.rent.label'), <RentState vehicle={vehicle} />),
          item(t('vehicles.emails.title'), t('vehicles.emails.summary', { count: vehicle.emails.length, verified })),
          item(t('list.createTime'), formatTime(vehicle.createTime)),
        ]}
      />
    </Flex>
  );
}
