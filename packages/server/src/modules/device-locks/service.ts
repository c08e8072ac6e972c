import {
  type DeviceLockRecord,
  LOCK_BLOCK_MS,
  LOCK_PIN_TRIES,
  type LockListQuery,
  type Page,
  type TamperQuery,
  type TamperRecord,
} from '@safety-shield/contract';
import type { LocalAction } from '@safety-shield/contract/device';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, deviceLock } from '../../db/schema.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { lockDevice } from '../devices/index.js';
import { fileLockState, fileTamper } from './file.js';
import { hashPin, verifyPin } from './pin.js';
import { type LockRow, listLocks, listTampers, lockRecords, lockRowOf } from './repo.js';

/** How long the portal waits for a device to acknowledge a `lock`. */
const LOCK_ACK_MS = 15_000;
/** A device's reports that disagree with the portal get the wanted state again, at most this many times a minute. */
const RESENDS_PER_MINUTE = 3;

/** Who changes a lock: its name for the record, and whether it may unlock without the PIN (SPEC's Super Admin). */
export interface LockActor {
  name: string;
  unlocksWithoutPin: boolean;
}

/** A device about to change, locked for the transaction. */
export interface TargetDevice {
  id: number;
  uuid: string;
  online: boolean;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

/** Locks the devices a change names, or refuses the whole change. */
export type LockTargets = (tx: Db) => Promise<TargetDevice[]>;

const targetColumns = {
  id: device.id,
  uuid: device.deviceUuid,
  online: device.online,
  agentId: device.belongAgentId,
  companyId: device.belongCompanyId,
  fleetId: device.belongFleetId,
};

/** The devices of the caller's scope, each locked (in id order, as every writer of devices locks them); all or none. */
export const scopedTargets =
  (principal: Principal, deviceIds: readonly number[]): LockTargets =>
  async (tx) => {
    if (deviceIds.length === 1) {
      const row = await lockDevice(tx, principal, deviceIds[0] ?? 0);
      return [
        {
          id: row.id,
          uuid: row.deviceUuid,
          online: row.online,
          agentId: row.belongAgentId,
          companyId: row.belongCompanyId,
          fleetId: row.belongFleetId,
        },
      ];
    }
    const rows = await tx
      .select(targetColumns)
      .from(device)
      .where(and(inScope(principal, device), inArray(device.id, [...deviceIds])))
      .orderBy(device.id)
      .for('update');
    if (rows.length !== deviceIds.length) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return rows;
  };

/** One device by id, whatever its organisation (an installer link has already said which ones it opens). */
export const linkedTarget =
  (deviceId: number): LockTargets =>
  async (tx) => {
    const rows = await tx.select(targetColumns).from(device).where(eq(device.id, deviceId)).for('update');
    if (rows.length === 0) throw new AppError('DEVICE_NOT_EXIST');
    return rows;
  };

/** When a row's block of PIN actions ends; null when it is not blocked. */
const blockedUntil = (row: LockRow, now: number) =>
  row.blockedUntil && row.blockedUntil.getTime() > now ? row.blockedUntil.getTime() : null;

/** The portal has said something about this device's lock, so a report that disagrees is answered with its wish. */
const pending = (row: Pick<LockRow, 'locked' | 'reportedLocked' | 'changedAt'>) =>
  row.locked !== (row.reportedLocked ?? false) && (row.locked || row.changedAt !== null);

/**
 * Device locks (issue 18; docs/decisions.md, Device locks): the portal's wish per device, its PIN hashed, wrong tries
 * counted; the wish goes down as `lock` (docs/device-protocol.md) at once when the device is online, else at its hello,
 * and again when the device reports another state.
 */
export class DeviceLockService {
  /** Devices a `lock` is on its way to: one at a time, the newest wish last. */
  private readonly inFlight = new Set<string>();
  /** When reports got the wish again, per device, within the last minute: a device that keeps disagreeing is not flooded. */
  private readonly resent = new Map<string, number[]>();

  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    private readonly log: FastifyBaseLogger,
  ) {}

  list(principal: Principal, query: LockListQuery): Promise<Page<DeviceLockRecord>> {
    return listLocks(this.db, inScope(principal, device), query);
  }

  async tampers(principal: Principal, query: TamperQuery): Promise<Page<TamperRecord>> {
    const [found] = await this.db
      .select({ id: device.id })
      .from(device)
      .where(and(inScope(principal, device), eq(device.id, query.deviceId)));
    if (!found) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return listTampers(this.db, query);
  }

  /**
   * Locks (with a new PIN) or unlocks (with the PIN, or as a Super Admin) the devices `targets` locks, in one
   * transaction: one that is already in that state, blocked, or whose PIN is wrong changes none. Wrong PINs are
   * counted on their devices all the same; LOCK_PIN_TRIES in a row block PIN unlocks for LOCK_BLOCK_MS.
   */
  async change(targets: LockTargets, locked: boolean, pin: string | undefined, actor: LockActor): Promise<DeviceLockRecord[]> {
    if (pin === undefined && (locked || !actor.unlocksWithoutPin)) throw new AppError('PARAM_CHECK_FAIL', 'pin', { field: 'pin' });
    // One hash for the batch: the same PIN locks them all, and a batch unlock checks it once.
    const pinHash = locked && pin !== undefined ? await hashPin(pin) : null;
    const outcome = await this.db.transaction(async (tx) => {
      const devices = await targets(tx);
      const rows: LockRow[] = [];
      for (const target of devices) rows.push(await lockRowOf(tx, target.id));
      const already = rows.find((row) => row.locked === locked);
      if (already) throw new AppError('DEVICE_STATE_ERROR', locked ? 'locked' : 'unlocked', { deviceId: already.deviceId, locked });
      if (!locked && !actor.unlocksWithoutPin) {
        const now = Date.now();
        const blocked = rows.find((row) => blockedUntil(row, now) !== null);
        if (blocked)
          throw new AppError('YOU_REQUEST_TOO_FAST', undefined, { deviceId: blocked.deviceId, blockedUntil: blockedUntil(blocked, now) });
        const wrong = await this.wrongPins(rows, pin ?? '');
        if (wrong.length > 0) return { done: false as const, wrong };
      }
      const ids = devices.map((target) => target.id);
      await tx
        .update(deviceLock)
        .set({ locked, pinHash, failedTries: 0, blockedUntil: null, changedByName: actor.name, changedAt: new Date() })
        .where(inArray(deviceLock.deviceId, ids));
      return { done: true as const, ids, online: devices.filter((target) => target.online).map((target) => target.uuid) };
    });
    if (!outcome.done) throw await this.countWrong(outcome.wrong);
    for (const uuid of outcome.online) void this.deliver(uuid);
    return lockRecords(this.db, outcome.ids);
  }

  /** The devices whose PIN is not this one: each stored hash checked once. */
  private async wrongPins(rows: LockRow[], pin: string): Promise<number[]> {
    const verdicts = new Map<string | null, Promise<boolean>>();
    for (const row of rows) if (!verdicts.has(row.pinHash)) verdicts.set(row.pinHash, verifyPin(row.pinHash, pin));
    const wrong: number[] = [];
    for (const row of rows) if (!(await verdicts.get(row.pinHash))) wrong.push(row.deviceId);
    return wrong;
  }

  /** Counts a wrong PIN on each device; the last allowed try blocks PIN unlocks. The refusal says how many tries are left. */
  private async countWrong(deviceIds: number[]): Promise<AppError> {
    const next = sql`${deviceLock.failedTries} + 1 >= ${LOCK_PIN_TRIES}`;
    const counted = await this.db
      .update(deviceLock)
      .set({
        failedTries: sql`case when ${next} then 0 else ${deviceLock.failedTries} + 1 end`,
        blockedUntil: sql`case when ${next} then ${new Date(Date.now() + LOCK_BLOCK_MS).toISOString()}::timestamptz else ${deviceLock.blockedUntil} end`,
      })
      .where(inArray(deviceLock.deviceId, deviceIds))
      .returning({ failedTries: deviceLock.failedTries, blockedUntil: deviceLock.blockedUntil });
    const now = Date.now();
    const blocked = counted.map((row) => row.blockedUntil?.getTime() ?? 0).find((until) => until > now) ?? null;
    const triesLeft = blocked ? 0 : Math.min(...counted.map((row) => LOCK_PIN_TRIES - row.failedTries));
    return new AppError('PERMISSION_CHECK_FAIL', 'pin', { field: 'pin', triesLeft, blockedUntil: blocked });
  }

  /** A device said hello: a wish it has not confirmed goes down. */
  async hello(uuid: string): Promise<void> {
    try {
      if (await this.disagrees(uuid)) await this.deliver(uuid);
    } catch (err) {
      this.log.error({ err, uuid }, 'waiting lock not sent');
    }
  }

  /** `lockState` (the device intake): stored, and a state other than the wish gets the wish again (after the commit). */
  async lockState(uuid: string, locked: boolean): Promise<void> {
    if (await fileLockState(this.db, uuid, locked, Date.now())) void this.answer(uuid);
  }

  /** `tamper` (the device intake): a local action the lock refused, kept for the console's list. */
  tamper(uuid: string, action: LocalAction, at: number): Promise<void> {
    return fileTamper(this.db, uuid, action, at);
  }

  private async answer(uuid: string): Promise<void> {
    try {
      if (!(await this.disagrees(uuid))) return;
      const now = Date.now();
      const recent = (this.resent.get(uuid) ?? []).filter((at) => now - at < 60_000);
      if (recent.length >= RESENDS_PER_MINUTE) return;
      this.resent.set(uuid, [...recent, now]);
      await this.deliver(uuid);
    } catch (err) {
      this.log.error({ err, uuid }, 'lock report not answered');
    }
  }

  private async disagrees(uuid: string): Promise<boolean> {
    const [row] = await this.db
      .select({ locked: deviceLock.locked, reportedLocked: deviceLock.reportedLocked, changedAt: deviceLock.changedAt })
      .from(deviceLock)
      .innerJoin(device, eq(device.id, deviceLock.deviceId))
      .where(eq(device.deviceUuid, uuid));
    return row !== undefined && pending(row);
  }

  /** Sends the device the portal's wish until what it last acknowledged is the newest wish. */
  private async deliver(uuid: string): Promise<void> {
    if (!this.devices.reaches(uuid) || this.inFlight.has(uuid)) return;
    this.inFlight.add(uuid);
    try {
      let sent: boolean | undefined;
      for (;;) {
        const [row] = await this.db
          .select({ locked: deviceLock.locked })
          .from(deviceLock)
          .innerJoin(device, eq(device.id, deviceLock.deviceId))
          .where(eq(device.deviceUuid, uuid));
        if (!row || row.locked === sent) return;
        await this.devices.send(uuid, 'lock', { locked: row.locked }, LOCK_ACK_MS);
        sent = row.locked;
      }
    } catch (err) {
      this.log.info({ err, uuid }, 'lock not acknowledged: sent again at the next hello');
    } finally {
      this.inFlight.delete(uuid);
    }
  }
}
