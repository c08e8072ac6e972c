import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.js';
import { type Db, rowsOf } from '../db/client.js';
import { afterCommit, type KnownDevice } from './intake.js';
import type { DeviceHello } from './reports.js';

interface Changed {
  id: number;
  vehicle_id: number | null;
}

/**
 * Presence and identity of devices (docs/device-protocol.md, `status` and `hello`), whatever protocol carried them;
 * each change is pushed to the consoles (the bus's `presence`). Times are the portal's clock: a last will carries the
 * `at` of the connection it was set on, not of the moment it fired.
 */
export class Presence {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  private changed(rows: Changed[], online: boolean, at: number) {
    for (const row of rows) {
      afterCommit(this.log, 'presence push', () =>
        this.bus.publish('presence', { vehicleId: row.vehicle_id, deviceId: row.id, online, time: at }),
      );
    }
  }

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
    this.changed(rows, true, at);
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
    this.changed(rows, false, at);
  }

  /**
   * Stores what a device says about itself (a field it sent malformed is kept as it was; the name only fills an empty
   * one, so a console rename survives reconnects) and marks it online. Undefined for an unknown device.
   */
  async hello(uuid: string, hello: DeviceHello): Promise<KnownDevice | undefined> {
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

  /** An adapter holding the connections just started, so no device is connected: a crash may have left some marked online. */
  async allOffline(): Promise<void> {
    await this.db.execute(sql`
      with done as (update device set online = false, last_offline_at = now(), updated_at = now() where online
        returning id, last_online_at)
      insert into device_session (device_id, started_at, ended_at)
      select id, last_online_at, greatest(last_online_at, now()) from done where last_online_at is not null`);
  }
}
