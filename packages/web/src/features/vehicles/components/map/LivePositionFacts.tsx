import { useTranslation } from 'react-i18next';
import { formatTime, speedText } from '../../../../shared/ui/format.js';
import { PlaceName } from '../../../../shared/ui/place.js';
import { FactsRow } from '../FactsRow.js';
import type { LiveVehicle } from '../use-live-vehicle.js';

/** Speed, heading, signal, place and the time of the last update, as pushed. */
export function LivePositionFacts({ live }: { live: LiveVehicle }) {
  const { t } = useTranslation();
  const { position } = live;
  return (
    <FactsRow
      testId="live-facts"
      items={[
        { key: 'speed', label: t('vehicles.speed'), children: position ? speedText(position.speed, 0) : '—' },
        { key: 'heading', label: t('vehicles.heading'), children: position ? `${Math.round(position.heading)}°` : '—' },
        { key: 'dbm', label: t('vehicles.dbm'), children: position?.dbm != null ? t('vehicles.unit.dbm', { value: position.dbm }) : '—' },
        {
          key: 'location',
          label: t('vehicles.location'),
          children: position ? <PlaceName lat={position.lat} lng={position.lng} place={position.place} /> : '—',
        },
        { key: 'updated', label: t('vehicles.lastUpdate'), children: <span data-testid="live-updated">{formatTime(live.updatedAt)}</span> },
      ]}
    />
  );
}
