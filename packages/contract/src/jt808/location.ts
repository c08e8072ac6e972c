/**
 * 0x0200 location reports and 0x0704 batches (section 8.18, 8.40), with the additional items the portal reads and the
 * active-safety items of T/JSATL12 (0x64 ADAS, 0x65 DMS, 0x67 BSD). Items it does not read are kept raw.
 */
import { Reader, Writer } from './bytes.js';

/** The alarm word's bits (table 24) the portal acts on. */
export const ALARM_BIT = {
  emergency: 0,
  overSpeed: 1,
  fatigue: 2,
  danger: 3,
  gnssFault: 4,
  antennaCut: 5,
  antennaShort: 6,
  lowVoltage: 7,
  powerCut: 8,
  displayFault: 9,
  ttsFault: 10,
  cameraFault: 11,
  cardReaderFault: 12,
  area: 20,
  collision: 29,
  rollover: 30,
} as const;

/** The status word's bits (table 25). */
export const STATUS_BIT = { ignition: 0, located: 1, south: 2, west: 3 } as const;

export const has = (word: number, bit: number) => ((word >>> bit) & 1) === 1;

/** The alarm identification of an active-safety item: names the alarm's attachments for 0x9208 (T/JSATL12 4.1). */
export interface AlarmMark {
  terminalId: string;
  /** YYMMDDhhmmss. */
  time: string;
  serial: number;
  attachments: number;
}

/** One active-safety alarm (ADAS 0x64, DMS 0x65, BSD 0x67). */
export interface SafetyAlarm {
  item: 0x64 | 0x65 | 0x67;
  alarmId: number;
  /** 0: not a start or end (a one-off), 1: starts, 2: ends. */
  flag: number;
  /** The item's alarm or event type (T/JSATL12 tables 4-15, 4-17, 4-20). */
  type: number;
  level: number;
  /** km/h. */
  speed: number;
  lat: number;
  lng: number;
  time: string;
  mark: AlarmMark;
}

/** 0x12: the vehicle entered (0) or left (1) an area or route. */
export interface AreaCrossing {
  kind: number;
  areaId: number;
  direction: 0 | 1;
}

export interface Location {
  alarm: number;
  status: number;
  /** Degrees, signed (south and west negative). */
  lat: number;
  lng: number;
  /** Metres. */
  altitude: number;
  /** km/h. */
  speed: number;
  /** Degrees, 0–359. */
  heading: number;
  /** YYMMDDhhmmss of the terminal's clock (Beijing time unless it was set otherwise). */
  time: string;
  /** 0x01, km. */
  mileage: number | null;
  /** 0x02, litres. */
  fuel: number | null;
  /** 0x30: signal strength (0–31, as AT+CSQ). */
  signal: number | null;
  /** 0x31: satellites in view. */
  satellites: number | null;
  area: AreaCrossing | null;
  /** 0x15 (JT/T 1078): the channels whose video signal is lost, bit n for channel n + 1. */
  videoLoss: number | null;
  /** 0x17 (JT/T 1078): storage faults, bits 0–11 the main storage units, 12–15 the backup ones. */
  storageFaults: number | null;
  safety: SafetyAlarm[];
  /** Items the portal does not read: id and bytes. */
  other: { id: number; data: Uint8Array }[];
}

export function readMark(r: Reader): AlarmMark {
  const mark = { terminalId: r.text(7), time: r.bcd(6), serial: r.byte(), attachments: r.byte() };
  r.byte(); // reserved
  return mark;
}

export function writeMark(w: Writer, mark: AlarmMark): void {
  w.text(mark.terminalId, 7).bcd(mark.time, 6).byte(mark.serial).byte(mark.attachments).byte(0);
}

function readSafety(item: 0x64 | 0x65 | 0x67, data: Uint8Array): SafetyAlarm {
  const r = new Reader(data);
  const alarmId = r.dword();
  const flag = r.byte();
  const type = r.byte();
  let level = 0;
  if (item === 0x64) {
    level = r.byte();
    r.bytesOf(5); // the vehicle ahead's speed and distance, departure kind, road sign kind and value
  } else if (item === 0x65) {
    level = r.byte();
    r.bytesOf(5); // fatigue degree, 4 reserved
  }
  const speed = r.byte();
  r.word(); // altitude
  const lat = r.dword() / 1e6;
  const lng = r.dword() / 1e6;
  const time = r.bcd(6);
  r.word(); // vehicle status
  return { item, alarmId, flag, type, level, speed, lat, lng, time, mark: readMark(r) };
}

function writeSafety(alarm: SafetyAlarm): Uint8Array {
  const w = new Writer().dword(alarm.alarmId).byte(alarm.flag).byte(alarm.type);
  if (alarm.item !== 0x67) w.byte(alarm.level).bytes([0, 0, 0, 0, 0]);
  w.byte(Math.round(alarm.speed))
    .word(0)
    .dword(Math.round(alarm.lat * 1e6))
    .dword(Math.round(alarm.lng * 1e6))
    .bcd(alarm.time, 6)
    .word(0);
  writeMark(w, alarm.mark);
  return w.done();
}

/** A location's additional items before any is read: none. */
const noItems = (): Pick<
  Location,
  'mileage' | 'fuel' | 'signal' | 'satellites' | 'area' | 'videoLoss' | 'storageFaults' | 'safety' | 'other'
> => ({
  mileage: null,
  fuel: null,
  signal: null,
  satellites: null,
  area: null,
  videoLoss: null,
  storageFaults: null,
  safety: [],
  other: [],
});

/** A location body (the whole of 0x0200, one entry of 0x0704). Throws Jt808FormatError when it is short. */
export function readLocation(body: Uint8Array): Location {
  const r = new Reader(body);
  const alarm = r.dword();
  const status = r.dword();
  const lat = r.dword() / 1e6;
  const lng = r.dword() / 1e6;
  const location: Location = {
    alarm,
    status,
    lat: has(status, STATUS_BIT.south) ? -lat : lat,
    lng: has(status, STATUS_BIT.west) ? -lng : lng,
    altitude: r.word(),
    speed: r.word() / 10,
    heading: r.word() % 360,
    time: r.bcd(6),
    ...noItems(),
  };
  // Additional items: id, length, data. A item cut short by the body's end is ignored, as terminals pad variously.
  while (r.left >= 2) {
    const id = r.byte();
    const length = r.byte();
    if (length > r.left) break;
    const data = r.bytesOf(length);
    const item = new Reader(data);
    if (id === 0x01 && length === 4) location.mileage = item.dword() / 10;
    else if (id === 0x02 && length === 2) location.fuel = item.word() / 10;
    else if (id === 0x30 && length === 1) location.signal = item.byte();
    else if (id === 0x31 && length === 1) location.satellites = item.byte();
    else if (id === 0x15 && length === 4) location.videoLoss = item.dword();
    else if (id === 0x17 && length === 2) location.storageFaults = item.word();
    else if (id === 0x12 && length === 6) location.area = { kind: item.byte(), areaId: item.dword(), direction: item.byte() === 1 ? 1 : 0 };
    else if ((id === 0x64 || id === 0x65 || id === 0x67) && length >= 16) {
      try {
        location.safety.push(readSafety(id, data));
      } catch {
        location.other.push({ id, data });
      }
    } else location.other.push({ id, data });
  }
  return location;
}

export function writeLocation(location: Location): Uint8Array {
  let status = location.status & ~((1 << STATUS_BIT.south) | (1 << STATUS_BIT.west));
  if (location.lat < 0) status |= 1 << STATUS_BIT.south;
  if (location.lng < 0) status |= 1 << STATUS_BIT.west;
  const w = new Writer()
    .dword(location.alarm >>> 0)
    .dword(status >>> 0)
    .dword(Math.round(Math.abs(location.lat) * 1e6))
    .dword(Math.round(Math.abs(location.lng) * 1e6))
    .word(Math.max(0, Math.round(location.altitude)))
    .word(Math.round(location.speed * 10))
    .word(Math.round(location.heading) % 360)
    .bcd(location.time, 6);
  const item = (id: number, data: Uint8Array) => w.byte(id).byte(data.length).bytes(data);
  if (location.mileage !== null) item(0x01, new Writer().dword(Math.round(location.mileage * 10)).done());
  if (location.fuel !== null) item(0x02, new Writer().word(Math.round(location.fuel * 10)).done());
  if (location.area) item(0x12, new Writer().byte(location.area.kind).dword(location.area.areaId).byte(location.area.direction).done());
  if (location.videoLoss !== null) item(0x15, new Writer().dword(location.videoLoss).done());
  if (location.storageFaults !== null) item(0x17, new Writer().word(location.storageFaults).done());
  if (location.signal !== null) item(0x30, new Writer().byte(location.signal).done());
  if (location.satellites !== null) item(0x31, new Writer().byte(location.satellites).done());
  for (const alarm of location.safety) item(alarm.item, writeSafety(alarm));
  for (const other of location.other) item(other.id, other.data);
  return w.done();
}

/** 0x0704: positions the terminal could not send at the time (type 1) or sent in a batch (type 0). */
export interface LocationBatch {
  backlog: boolean;
  locations: Location[];
}

/** A batch's locations; an entry that does not read is skipped, the rest kept. */
export function readLocationBatch(body: Uint8Array): LocationBatch & { skipped: number } {
  const r = new Reader(body);
  const count = r.word();
  const backlog = r.byte() === 1;
  const locations: Location[] = [];
  let skipped = 0;
  for (let i = 0; i < count && r.left >= 2; i += 1) {
    const length = r.word();
    if (length > r.left) {
      skipped += count - i;
      break;
    }
    try {
      locations.push(readLocation(r.bytesOf(length)));
    } catch {
      skipped += 1;
    }
  }
  return { backlog, locations, skipped };
}

export function writeLocationBatch(batch: LocationBatch): Uint8Array {
  const w = new Writer().word(batch.locations.length).byte(batch.backlog ? 1 : 0);
  for (const location of batch.locations) {
    const body = writeLocation(location);
    w.word(body.length).bytes(body);
  }
  return w.done();
}

/** An empty location at a time, for building reports. */
export function location(fields: Partial<Location> & Pick<Location, 'lat' | 'lng' | 'time'>): Location {
  return {
    alarm: 0,
    status: 1 << STATUS_BIT.located,
    altitude: 0,
    speed: 0,
    heading: 0,
    ...noItems(),
    ...fields,
  };
}
