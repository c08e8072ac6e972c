/**
 * What the portal files for a terminal's alarms (docs/jt808.md, "Alarms"), declared once: the gateway maps with these
 * tables and the document's tables are generated from them.
 */
import type { DeviceFaultCode } from '../api/device-alert.js';
import type { IncidentType } from '../api/event.js';
import { ALARM_BIT, has, type Location } from './location.js';

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

/** BSD (item 0x67) alarm types (T/JSATL12 table 4-20): something approaching the vehicle from behind or beside it. */
export const BSD_TYPES: readonly AlarmMapping[] = [
  { code: 0x01, name: 'Rear approach', files: 'blindSpot' },
  { code: 0x02, name: 'Left rear approach', files: 'blindSpot' },
  { code: 0x03, name: 'Right rear approach', files: 'blindSpot' },
];

const byCode = (table: readonly AlarmMapping[]) => new Map(table.map((m) => [m.code, m]));
const adas = byCode(ADAS_TYPES);
const dms = byCode(DMS_TYPES);
const bsd = byCode(BSD_TYPES);

/** The incident an active-safety item files; undefined for events and for types the portal does not file. */
export function safetyMapping(item: number, type: number): AlarmMapping | undefined {
  if (item === 0x64) return adas.get(type);
  if (item === 0x65) return dms.get(type);
  if (item === 0x67) return bsd.get(type);
  return undefined;
}

/** An alarm bit that says something of the terminal is broken: a running-status fault while the bit is on. */
export interface FaultMapping {
  code: number;
  name: string;
  fault: DeviceFaultCode;
}

/**
 * 0x0200's fault bits (JT/T 808-2019 table 24). A camera fault names no channel: it stands for channel 1. JT/T 1078's
 * items say more: 0x15's bit n is channel n + 1's video lost (`cameraLost`), any bit of 0x17 a storage fault.
 */
export const FAULT_BITS: readonly FaultMapping[] = [
  { code: ALARM_BIT.gnssFault, name: 'GNSS module fault', fault: 'gpsLost' },
  { code: ALARM_BIT.antennaCut, name: 'GNSS antenna cut', fault: 'gpsLost' },
  { code: ALARM_BIT.antennaShort, name: 'GNSS antenna short-circuited', fault: 'gpsLost' },
  { code: ALARM_BIT.lowVoltage, name: 'Main power low voltage', fault: 'lowVoltage' },
  { code: ALARM_BIT.cameraFault, name: 'Camera fault', fault: 'cameraLost' },
];

/** The faults a location report says hold now, deduplicated, sorted by code and channel (channel 0: the whole device). */
export function faultsOf(location: Pick<Location, 'alarm' | 'videoLoss' | 'storageFaults'>): { code: DeviceFaultCode; channel: number }[] {
  const faults = new Map<string, { code: DeviceFaultCode; channel: number }>();
  const add = (code: DeviceFaultCode, channel: number) => faults.set(`${code}:${channel}`, { code, channel });
  for (const bit of FAULT_BITS) if (has(location.alarm, bit.code)) add(bit.fault, bit.fault === 'cameraLost' ? 1 : 0);
  for (let channel = 1; channel <= 32; channel += 1)
    if (location.videoLoss !== null && has(location.videoLoss, channel - 1)) add('cameraLost', channel);
  if (location.storageFaults) add('storageError', 0);
  return [...faults.values()].sort((a, b) => a.code.localeCompare(b.code) || a.channel - b.channel);
}
