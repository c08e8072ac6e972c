import type { IncidentDetail } from '@safety-shield/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import { PlaceName } from '../../../shared/ui/place.js';
import { DriverName, deviceLocalText, speedText } from './display.js';

/** The facts the device reported and where the incident belongs. */
export function IncidentFacts({ incident }: { incident: IncidentDetail }) {
  const { t } = useTranslation();
  const org = [incident.companyName, incident.fleetName].filter(Boolean).join(' / ') || '—';
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      data-testid="event-facts"
      items={[
        { key: 'trigger', label: t('events.triggerTime'), children: formatTime(incident.triggerTime) },
        { key: 'device', label: t('events.deviceTime'), children: formatTime(incident.deviceTime) },
        {
          key: 'local',
          label: t('events.deviceLocalTime'),
          children: <span data-testid="device-local-time">{deviceLocalText(incident.localTime, incident.triggerTime)}</span>,
        },
        { key: 'speed', label: t('events.speed'), children: speedText(incident.speed) },
        { key: 'channel', label: t('events.channel'), children: incident.channel ?? '—' },
        { key: 'tag', label: t('events.tag'), children: tagName(t, incident.tagName) ?? '—' },
        {
          key: 'driver',
          label: t('events.driver'),
          children: <DriverName name={incident.driverName} licence={incident.driverLicence} />,
        },
        { key: 'org', label: t('events.companyFleet'), children: org },
        { key: 'uuid', label: t('events.deviceUuid'), children: incident.deviceUuid },
        {
          key: 'location',
          label: t('events.location'),
          children: <PlaceName lat={incident.lat} lng={incident.lng} place={incident.place} />,
        },
        ...(incident.description ? [{ key: 'description', label: t('events.description'), children: incident.description }] : []),
      ]}
    />
  );
}
