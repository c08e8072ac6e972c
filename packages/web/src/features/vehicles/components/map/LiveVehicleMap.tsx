import { HistoryOutlined } from '@ant-design/icons';
import type { VehicleDetail } from '@safety-shield/contract';
import { Alert, Button, Card, Checkbox, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FollowPosition, HeadingMarker, MapView } from '../../../../shared/map/index.js';
import { OnlineTag } from '../display.js';
import { LiveBadge } from '../LiveBadge.js';
import { vehicleRecordPath } from '../paths.js';
import { useLiveVehicle } from '../use-live-vehicle.js';
import { LivePositionFacts } from './LivePositionFacts.js';
import './live-map.css';

/** The vehicle on the map where it is now, turned to its heading; the map follows it unless the user says not to. */
export function LiveVehicleMap({ vehicle }: { vehicle: VehicleDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = useLiveVehicle(vehicle);
  const [follow, setFollow] = useState(true);
  const { position } = live;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          {vehicle.licensePlate}
          <OnlineTag online={live.online} />
          <LiveBadge status={live.status} />
        </Space>
      }
      extra={
        <Space wrap>
          <Checkbox checked={follow} onChange={(event) => setFollow(event.target.checked)}>
            {t('vehicles.mapPage.follow')}
          </Checkbox>
          <Button size="small" icon={<HistoryOutlined />} onClick={() => void navigate(vehicleRecordPath(vehicle.id, 'trail'))}>
            {t('vehicles.mapPage.trail')}
          </Button>
        </Space>
      }
      data-testid="vehicle-map-page"
    >
      <Flex vertical gap={12}>
        <LivePositionFacts live={live} />
        <MapView label={t('vehicles.mapPage.label', { plate: vehicle.licensePlate })} height="calc(100vh - 330px)" data-testid="live-map">
          {position && (
            <HeadingMarker
              position={[position.lat, position.lng]}
              heading={position.heading}
              colour={live.online ? '#1677ff' : '#8c8c8c'}
              tooltip={vehicle.licensePlate}
            />
          )}
          <FollowPosition position={position ? [position.lat, position.lng] : null} enabled={follow} />
          {!position && (
            <div className="ss-map-overlay live-map-note">
              <Alert type="info" showIcon title={t('vehicles.mapPage.noPosition')} description={t('vehicles.mapPage.noPositionHint')} />
            </div>
          )}
        </MapView>
      </Flex>
    </Card>
  );
}
