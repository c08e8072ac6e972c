import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import type { PresenceUpdate } from './events.js';
import type { Hello } from './messages.js';

interface Changed {
  id: number;
  vehicle_id: number | null;
}

/**
 * Presence and identity of devices (docs/device-protocol.md, `status` and `hello`). Times are the portal's clock: a
 * last will carries the `at` of the connection it was set on, not of the moment it fired.
 */
export class Presence {
  constructor(
    private readonly db: Db,
    private readonly onPresence: (update: PresenceUpdate) => void,
  ) {}

  /** Marks a device online; a device already online (a resent status) keeps its connection start. */
  async online(uuid: string): Promise<void> {
    const at = Date.now();
    const now = new Date(at).toISOString();
    const rows = rowsOf<Changed>(
      await this.db.execute(sql`
        update device set online = true, first_online_at = coalesce(first_online_at, ${now}::timestamptz),
          last_online_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
        where device_uuid = ${uuid} and not online returning id, vehicle_id`),
    );
    for (const row of rows) this.onPresence({ deviceId: row.id, vehicleId: row.vehicle_id, online: true, at });
  }

  /** Marks a device offline and adds the connection's time; the will and the disconnect both come, the first one counts. */
  async offline(uuid: string): Promise<void> {
    const at = Date.now();
    const now = new Date(at).toISOString();
    // The finished connection is kept as a session in the same statement (online time per day).
    const rows = rowsOf<Changed>(
      await this.db.execute(sql`
        with done as (
          update device set online = false, last_offline_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
            connected_seconds = connected_seconds
              + coalesce(greatest(0, floor(extract(epoch from ${now}::timestamptz - last_online_at))), 0)::bigint
          where device_uuid = ${uuid} and online returning id, vehicle_id, last_online_at),
        kept as (
          insert into device_session (device_id, started_at, ended_at)
          select id, last_online_at, greatest(last_online_at, ${now}::timestamptz) from done where last_online_at is not null)
        select id, vehicle_id from done`),
    );
    for (const row of rows) this.onPresence({ deviceId: row.id, vehicleId: row.vehicle_id, online: false, at });
  }

  /**
   * Stores what a device says about itself (a field it sent malformed is kept as it was; the name only fills an empty
   * one, so a console rename survives reconnects) and marks it online. Undefined for an unknown device.
   */
  async hello(uuid: string, hello: Hello): Promise<{ deviceId: number; hasSecret: boolean } | undefined> {
    const [row] = rowsOf<{ id: number; has_secret: boolean }>(
      await this.db.execute(sql`
        update device set version = coalesce(${hello.version}, version), iccid = coalesce(${hello.iccid}, iccid),
          channels = coalesce(${hello.channels}::int, channels), name = coalesce(name, ${hello.name}),
          model = coalesce(${hello.model}, model), updated_at = now()
        where device_uuid = ${uuid} returning id, secret_hash is not null as has_secret`),
    );
    if (!row) return undefined;
    await this.online(uuid);
    return { deviceId: row.id, hasSecret: row.has_secret };
  }

  /** The embedded broker just started, so no device is connected: a crash may have left some marked online. */
  async resetAll(): Promise<void> {
    await this.db.execute(sql`
      with done as (update device set online = false, last_offline_at = now(), updated_at = now() where online
        returning id, last_online_at)
      insert into device_session (device_id, started_at, ended_at)
      select id, last_online_at, greatest(last_online_at, now()) from done where last_online_at is not null`);
  }
}
