import {
  type DeviceFaultCode,
  type DeviceFaultFilter,
  type DeviceListQuery,
  type DeviceProtocol,
  deviceFaultCodes,
  deviceFaultFilters,
  deviceProtocols,
} from '@safety-shield/contract';
import { numberFilter } from '../../../shared/ui/list/index.js';

/** The device list's filters as they live in the URL (all text). */
export const DEVICE_FILTERS = [
  'keyword',
  'online',
  'matched',
  'agentId',
  'companyId',
  'fleetId',
  'version',
  'licensePlate',
  'from',
  'to',
  'faults',
  'faultCode',
  'protocol',
] as const;
export type DeviceFilterKey = (typeof DEVICE_FILTERS)[number];
export type DeviceFilters = Omit<DeviceListQuery, 'page' | 'limit'>;

/** 'true' / 'false' in the URL; anything else is no filter. */
export const booleanFilter = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** A URL text that is one of `values`, else no filter. */
const oneOf = <V extends string>(values: readonly V[], value: string | undefined): V | undefined =>
  values.includes(value as V) ? (value as V) : undefined;

/** The URL's filters as the list call (and the exports) take them; unknown or malformed values are left out. */
export function deviceFilters(filters: Partial<Record<DeviceFilterKey, string>>): DeviceFilters {
  const query: DeviceFilters = {
    keyword: filters.keyword,
    online: booleanFilter(filters.online),
    matched: booleanFilter(filters.matched),
    agentId: numberFilter(filters.agentId),
    companyId: numberFilter(filters.companyId),
    fleetId: numberFilter(filters.fleetId),
    version: filters.version,
    licensePlate: filters.licensePlate,
    startTime: numberFilter(filters.from),
    endTime: numberFilter(filters.to),
    faults: oneOf<DeviceFaultFilter>(deviceFaultFilters, filters.faults),
    faultCode: oneOf<DeviceFaultCode>(deviceFaultCodes, filters.faultCode),
    protocol: oneOf<DeviceProtocol>(deviceProtocols, filters.protocol),
  };
  // Left-out keys, not `undefined` values: the query key and the export's URL stay clean.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as DeviceFilters;
}
