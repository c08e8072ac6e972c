import { TRAIL_MAX_POINTS, type Trail } from '@safety-shield/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { distanceText, formatTime, numberText, speedText } from '../../../../shared/ui/format.js';
import { FactsRow } from '../FactsRow.js';

/** Distance, top speed, points (and whether the server thinned them), time span and stops. */
export function TrailSummary({ trail }: { trail: Trail }) {
  const { t } = useTranslation();
  const first = trail.points[0]?.time;
  const last = trail.points[trail.points.length - 1]?.time;
  const thinned = trail.totalPoints > trail.points.length;
  const count = (value: number) => numberText(value, 0);
  return (
    <>
      <FactsRow
        testId="trail-summary"
        items={[
          { key: 'distance', label: t('vehicles.trail.distance'), children: distanceText(trail.distanceKm) },
          { key: 'maxSpeed', label: t('vehicles.trail.maxSpeed'), children: speedText(trail.maxSpeed, 0) },
          { key: 'points', label: t('vehicles.trail.points'), children: count(trail.points.length) },
          {
            key: 'span',
            label: t('vehicles.trail.span'),
            children: first !== undefined && last !== undefined ? `${formatTime(first)} – ${formatTime(last)}` : '—',
          },
          { key: 'stops', label: t('vehicles.trail.stops'), children: trail.stops.length },
        ]}
      />
      {thinned && (
        <Alert
          type="info"
          showIcon
          title={t('vehicles.trail.thinned', {
            shown: count(trail.points.length),
            total: count(trail.totalPoints),
            max: count(TRAIL_MAX_POINTS),
          })}
        />
      )}
    </>
  );
}
