import { AlertOutlined, CarOutlined, EnvironmentOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { mayOpenPage, pathTo, type Role, type SosEntry } from '@safety-shield/contract';
import { Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** DVR, map, incident and vehicle links of an S.O.S (SPEC section 2), each shown only where the role may go. */
export function SosActions({
  sos,
  role,
  onNavigate,
}: {
  sos: Pick<SosEntry, 'licensePlate' | 'eventId'>;
  role: Role;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const licensePlate = sos.licensePlate || null;
  const links: Array<{ key: string; to: string; icon: ReactNode; label: string }> = [];
  if (licensePlate && mayOpenPage('Dvr', role))
    links.push({ key: 'dvr', to: pathTo('Dvr', { licensePlate }), icon: <VideoCameraOutlined />, label: t('sos.dvr') });
  if (licensePlate && mayOpenPage('VehicleMap', role))
    links.push({ key: 'map', to: pathTo('VehicleMap', { licensePlate }), icon: <EnvironmentOutlined />, label: t('sos.map') });
  if (sos.eventId !== null && mayOpenPage('EventDetail', role))
    links.push({ key: 'incident', to: pathTo('EventDetail', { eventId: sos.eventId }), icon: <AlertOutlined />, label: t('sos.incident') });
  if (licensePlate && mayOpenPage('VehicleList', role))
    links.push({ key: 'vehicle', to: pathTo('VehicleList', { licensePlate }), icon: <CarOutlined />, label: t('sos.vehicle') });
  return (
    <Space size={4} wrap>
      {links.map((link) => (
        <Tooltip key={link.key} title={link.label}>
          <Link to={link.to} onClick={onNavigate} aria-label={link.label} data-testid={`sos-${link.key}`} className="sos-action">
            {link.icon}
          </Link>
        </Tooltip>
      ))}
    </Space>
  );
}
