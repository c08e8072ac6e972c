import { AlertOutlined, CarOutlined, EnvironmentOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Role, SosEntry } from '@safety-shield/contract';
import { Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeOpen } from './routes.js';

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
  const plate = sos.licensePlate ? encodeURIComponent(sos.licensePlate) : null;
  const links: Array<{ key: string; to: string; icon: ReactNode; label: string }> = [];
  if (plate && routeOpen('/dvr/:licensePlate', role))
    links.push({ key: 'dvr', to: `/dvr/${plate}`, icon: <VideoCameraOutlined />, label: t('sos.dvr') });
  if (plate && routeOpen('/map/:licensePlate', role))
    links.push({ key: 'map', to: `/map/${plate}`, icon: <EnvironmentOutlined />, label: t('sos.map') });
  if (sos.eventId !== null && routeOpen('/event/:eventId', role))
    links.push({ key: 'incident', to: `/event/${sos.eventId}`, icon: <AlertOutlined />, label: t('sos.incident') });
  if (plate && routeOpen('/vehicle/list/:licensePlate?', role))
    links.push({ key: 'vehicle', to: `/vehicle/list/${plate}`, icon: <CarOutlined />, label: t('sos.vehicle') });
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
