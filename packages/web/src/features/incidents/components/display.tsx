import type { IncidentType, ReviewState } from '@safety-shield/contract';
import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { speedText as readerSpeed } from '../../../shared/ui/format.js';
import { StateTag } from '../../../shared/ui/StateTag.js';
import { deviceLocalTime } from './device-local-time.js';

/** Emergencies red, driver behaviour orange, driving incidents gold, the rest blue: the list reads at a glance. */
const typeColours: Record<IncidentType, string> = {
  collision: 'red',
  forwardCollision: 'red',
  panicButton: 'magenta',
  fatigue: 'volcano',
  distraction: 'orange',
  phoneUse: 'orange',
  smoking: 'orange',
  seatbelt: 'orange',
  harshBraking: 'gold',
  harshAcceleration: 'gold',
  sharpTurn: 'gold',
  overSpeed: 'gold',
  laneDeparture: 'blue',
  blindSpot: 'blue',
  cameraBlocked: 'default',
  areaEnter: 'cyan',
  areaLeave: 'geekblue',
  dvrClip: 'default',
};

export function TypeTag({ type }: { type: IncidentType }) {
  return <StateTag value={type} colours={typeColours} textKey="events.types" testId="incident-type" />;
}

export function ReviewBadge({ state }: { state: ReviewState }) {
  const { t } = useTranslation();
  return <Badge status={state === 'reviewed' ? 'success' : 'processing'} text={t(`events.review.${state}`)} />;
}

/** A speed in the reader's words; one argument, so it serves as a column's render. */
export const speedText = (speed: number | null) => readerSpeed(speed);

/** SPEC section 3: upload states 0..6 and -1; anything else is shown as unknown. */
export const UPLOAD_STATES = [-1, 0, 1, 2, 3, 4, 5, 6] as const;
export const uploadStateKey = (state: number) =>
  (UPLOAD_STATES as readonly number[]).includes(state) ? `events.upload.s${state < 0 ? 'Failed' : state}` : 'events.upload.unknown';
/** From state 4 on the platform holds the file. */
export const uploaded = (state: number) => state >= 4;

/** The device's own clock with its offset (issue 16): why it may differ from the trigger time, shown in the console's zone. */
export const deviceLocalText = (localTime: string | null, triggerTime: number) => {
  const local = deviceLocalTime(localTime, triggerTime);
  if (!local) return '—';
  return local.offset ? `${local.text} (${local.offset})` : local.text;
};

/** A list cell's second line: "Device local time: 2026-11-23 14:03:11 (UTC+01:00)"; nothing when the device sent no clock. */
export function DeviceLocalLine({ localTime, triggerTime }: { localTime: string | null; triggerTime: number }) {
  const { t } = useTranslation();
  if (!localTime) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-local-time">
      {t('events.deviceLocalValue', { time: deviceLocalText(localTime, triggerTime) })}
    </Typography.Text>
  );
}

/** The driver whose card was in the device (issue 30): the name, the licence number under it; a dash without a card. */
export function DriverName({ name, licence }: { name: string | null; licence: string | null }) {
  if (!name && !licence) return '—';
  return (
    <Flex vertical data-testid="incident-driver">
      <span>{name ?? licence}</span>
      {name && licence && <Typography.Text type="secondary">{licence}</Typography.Text>}
    </Flex>
  );
}
