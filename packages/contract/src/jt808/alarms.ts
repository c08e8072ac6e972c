/**
 * What the portal files for a terminal's alarms (docs/jt808.md, "Alarms"), declared once: the gateway maps with these
 * tables and the document's tables are generated from them.
 */
import type { IncidentType } from '../api/event.js';
import { ALARM_BIT } from './location.js';

export interface AlarmMapping {
  /** The bit of 0x0200's alarm word, or the active-safety item's alarm type. */
  code: number;
  /** The standard's name of it, in English. */
  name: string;
  /** The incident filed when it starts; `sos` for the emergency alarm (S.O.S start and stop). */
  files: IncidentType | 'sos';
}

/** 0x0200's alarm bits that file an incident when they turn on (JT/T 808-2019 table 24). */
export const ALARM_BITS: readonly AlarmMapping[] = [
  { code: ALARM_BIT.emergency, name: 'Emergency (alarm button)', files: 'sos' },
  { code: ALARM_BIT.overSpeed, name: 'Over-speed', files: 'overSpeed' },
  { code: ALARM_BIT.fatigue, name: 'Fatigue driving', files: 'fatigue' },
  { code: ALARM_BIT.collision, name: 'Collision', files: 'collision' },
  { code: ALARM_BIT.rollover, name: 'Rollover', files: 'collision' },
];

/** ADAS (item 0x64) alarm types (T/JSATL12 table 4-15); events 0x10 and 0x11 (sign recognised, capture) file nothing. */
export const ADAS_TYPES: readonly AlarmMapping[] = [
  { code: 0x01, name: 'Forward collision warning', files: 'forwardCollision' },
  { code: 0x02, name: 'Lane departure warning', files: 'laneDeparture' },
  { code: 0x03, name: 'Headway too close', files: 'forwardCollision' },
  { code: 0x04, name: 'Pedestrian collision warning', files: 'forwardCollision' },
  { code: 0x05, name: 'Frequent lane change', files: 'laneDeparture' },
  { code: 0x06, name: 'Road sign over-limit', files: 'overSpeed' },
  { code: 0x07, name: 'Obstacle', files: 'forwardCollision' },
];

/** DMS (item 0x65) alarm types (T/JSATL12 table 4-17); events 0x10 and 0x11 (capture, driver change) file nothing. */
export const DMS_TYPES: readonly AlarmMapping[] = [
  { code: 0x01, name: 'Fatigue driving', files: 'fatigue' },
  { code: 0x02, name: 'Phone call', files: 'phoneUse' },
  { code: 0x03, name: 'Smoking', files: 'smoking' },
  { code: 0x04, name: 'Distracted driving', files: 'distraction' },
  { code: 0x05, name: 'Driver abnormal (not in view)', files: 'cameraBlocked' },
];

const byCode = (table: readonly AlarmMapping[]) => new Map(table.map((m) => [m.code, m]));
const adas = byCode(ADAS_TYPES);
const dms = byCode(DMS_TYPES);

/** The incident an active-safety item files; undefined for events and for types the portal does not file. */
export function safetyMapping(item: number, type: number): AlarmMapping | undefined {
  if (item === 0x64) return adas.get(type);
  if (item === 0x65) return dms.get(type);
  return undefined;
}
