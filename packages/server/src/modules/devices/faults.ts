import type { DeviceFaultCode, DeviceFaultFilter, DeviceOpenFault } from '@safety-shield/contract';
import { type SQL, sql } from 'drizzle-orm';
import { deviceAlert } from '../../db/schema.js';

/** A fault as the JSON aggregate carries it: the raise in epoch ms already, the device's channel 0 for "none". */
export interface FaultJson {
  code: DeviceOpenFault['code'];
  channel: number;
  raisedTime: number | string;
  handled: boolean;
}

/**
 * The open faults (running-status alerts not cleared, oldest first) of the device whose id `deviceId` names, as one
 * JSON array: a scalar subquery the partial index `device_alert_open_idx` answers, so a page of devices takes one
 * statement whatever its length. `deviceId` must be qualified with its table (or subquery) name.
 */
export const openFaultsOf = (deviceId: SQL) =>
  sql<FaultJson[] | string>`(
    select coalesce(json_agg(json_build_object(
      'code', fault.code,
      'channel', fault.channel,
      'raisedTime', floor(extract(epoch from fault.raised_at) * 1000)::bigint,
      'handled', fault.handled_at is not null
    ) order by fault.raised_at, fault.id), '[]'::json)
    from ${deviceAlert} fault where fault.device_id = ${deviceId} and fault.cleared_at is null)`;

/** The aggregate as the contract says it (node-postgres parses json; PGlite may hand it over as text). */
export function toOpenFaults(value: FaultJson[] | string): DeviceOpenFault[] {
  const faults: FaultJson[] = typeof value === 'string' ? JSON.parse(value) : value;
  return faults.map((fault) => ({
    code: fault.code,
    channel: fault.channel === 0 ? null : fault.channel,
    raisedTime: Number(fault.raisedTime),
    handled: fault.handled,
  }));
}

/**
 * Devices by their open faults: with one that still holds (`open`), with one nobody handled (`pending`), with none
 * (`none`); `code` narrows to faults of that kind (alone it means `open`). One `exists` on the device's open alerts.
 */
export function faultFilter(deviceId: SQL, faults: DeviceFaultFilter | undefined, code: DeviceFaultCode | undefined): SQL | undefined {
  if (faults === undefined && code === undefined) return undefined;
  const pending = faults === 'pending' ? sql` and fault.handled_at is null` : sql``;
  const kind = code === undefined ? sql`` : sql` and fault.code = ${code}`;
  const any = sql`exists (select 1 from ${deviceAlert} fault where fault.device_id = ${deviceId} and fault.cleared_at is null${pending}${kind})`;
  return faults === 'none' ? sql`not ${any}` : any;
}
