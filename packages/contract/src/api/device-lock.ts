import { type Static, Type } from 'typebox';
import { localActions } from '../device/up.js';
import { DeviceRef, EpochMs, Id, Nullable, PageQuery, TextFilter } from './common.js';

/**
 * Device locks against tampering (issue 18; docs/decisions.md, Device locks): a locked device refuses local changes
 * (docs/device-protocol.md, `lock`), and the portal refuses to unbind, move or delete it until it is unlocked with the
 * lock's PIN, or by a Super Admin.
 */

/** A lock's PIN: 4 to 8 digits. */
export const LOCK_PIN_PATTERN = '^[0-9]{4,8}$';
/** Wrong PINs in a row before PIN unlocks of the device wait LOCK_BLOCK_MS. */
export const LOCK_PIN_TRIES = 5;
export const LOCK_BLOCK_MS = 15 * 60_000;
/** Devices in one batch. */
export const LOCK_BATCH_MAX = 500;
/** An installer link: devices, hours it stays valid, PIN actions it allows. */
export const LOCK_LINK_DEVICES_MAX = 100;
export const LOCK_LINK_HOURS_MAX = 7 * 24;
export const LOCK_LINK_USES_MAX = 100;

/**
 * The name an installer's changes go under (the lock record's changedBy, the log's username): the link, since the
 * installer has no account. Stored as written here; the console names it in the reader's language (issue 29).
 */
export const installerName = (linkId: number) => `installer (link #${linkId})`;

/** The link an installer's name stands for, or null for any other name (an account's username). */
export function installerLinkOf(name: string | null | undefined): number | null {
  const match = /^installer \(link #(\d+)\)$/.exec(name ?? '');
  return match ? Number(match[1]) : null;
}

export const LockPin = Type.String({ pattern: LOCK_PIN_PATTERN, description: '4 to 8 digits' });

/** `setting/save`: lock with a new PIN, or unlock with the lock's PIN (a Super Admin may leave it out). */
export const LockSaveBody = Type.Object({
  deviceId: Id,
  locked: Type.Boolean(),
  pin: Type.Optional(LockPin),
});
export type LockSaveBody = Static<typeof LockSaveBody>;

/** `setting/batch/save`: the same for many devices in one transaction; one that cannot be changed changes none. */
export const LockBatchBody = Type.Object({
  deviceIds: Type.Array(Id, { minItems: 1, maxItems: LOCK_BATCH_MAX, uniqueItems: true }),
  locked: Type.Boolean(),
  pin: Type.Optional(LockPin),
});
export type LockBatchBody = Static<typeof LockBatchBody>;

export const LockListQuery = Type.Object({
  ...PageQuery,
  /** Part of the device's UUID or name, or of its vehicle's plate. */
  keyword: TextFilter,
  locked: Type.Optional(Type.Boolean()),
});
export type LockListQuery = Static<typeof LockListQuery>;

export const LocalActionName = Type.Enum(localActions);

/** A local action the device's lock refused, at the device's time. */
export const TamperRecord = Type.Object({ action: LocalActionName, time: EpochMs });
export type TamperRecord = Static<typeof TamperRecord>;

/** What an installer's link shows of a device: its lock and nothing else. */
export const PublicLockRecord = Type.Object({
  ...DeviceRef,
  licensePlate: Nullable(Type.String()),
  /** What the portal wants. */
  locked: Type.Boolean(),
  /** What the device last said (`lockState`); null until it did. */
  reportedLocked: Nullable(Type.Boolean()),
  /** Wrong PINs blocked PIN actions on this device until then; null when not blocked. */
  blockedUntil: Nullable(EpochMs),
});
export type PublicLockRecord = Static<typeof PublicLockRecord>;

/** A device of the caller's scope with its lock, as the console's lock list shows it. */
export const DeviceLockRecord = Type.Object({
  ...PublicLockRecord.properties,
  deviceName: Nullable(Type.String()),
  online: Type.Boolean(),
  reportTime: Nullable(EpochMs),
  changedBy: Nullable(Type.String()),
  changeTime: Nullable(EpochMs),
  /** Local actions the lock refused, all told, and the newest. */
  tamperCount: Type.Integer(),
  lastTamper: Nullable(TamperRecord),
});
export type DeviceLockRecord = Static<typeof DeviceLockRecord>;

export const LockBatchResult = Type.Object({ records: Type.Array(DeviceLockRecord) });
export type LockBatchResult = Static<typeof LockBatchResult>;

export const TamperQuery = Type.Object({ deviceId: Id, ...PageQuery });
export type TamperQuery = Static<typeof TamperQuery>;

/** `setting/link`: an installer's link to the lock page of some devices, for some hours and PIN actions. */
export const LockLinkBody = Type.Object({
  deviceIds: Type.Array(Id, { minItems: 1, maxItems: LOCK_LINK_DEVICES_MAX, uniqueItems: true }),
  hours: Type.Integer({ minimum: 1, maximum: LOCK_LINK_HOURS_MAX }),
  uses: Type.Integer({ minimum: 1, maximum: LOCK_LINK_USES_MAX }),
});
export type LockLinkBody = Static<typeof LockLinkBody>;

/** An installer link as the Super Admin's list shows it (never its token). */
export const LockLinkRecord = Type.Object({
  id: Type.Integer(),
  deviceUuids: Type.Array(Type.String()),
  expireTime: EpochMs,
  usesLeft: Type.Integer(),
  createdBy: Type.String(),
  createTime: EpochMs,
});
export type LockLinkRecord = Static<typeof LockLinkRecord>;

/** The link, answered once: a path of the console (`/deviceLock?token=…`); only a hash of its token is kept. */
export const LockLinkIssued = Type.Object({ ...LockLinkRecord.properties, url: Type.String() });
export type LockLinkIssued = Static<typeof LockLinkIssued>;

export const LockLinkToken = Type.String({ minLength: 1, maxLength: 256 });

export const PublicLockQuery = Type.Object({ token: LockLinkToken });
export type PublicLockQuery = Static<typeof PublicLockQuery>;

/** The devices a link opens, while it is valid. */
export const PublicLockList = Type.Object({
  records: Type.Array(PublicLockRecord),
  expireTime: EpochMs,
  usesLeft: Type.Integer(),
});
export type PublicLockList = Static<typeof PublicLockList>;

/** An installer's PIN action on one device of the link; it uses one of the link's uses, right PIN or wrong. */
export const PublicLockBody = Type.Object({
  token: LockLinkToken,
  deviceId: Id,
  locked: Type.Boolean(),
  pin: LockPin,
});
export type PublicLockBody = Static<typeof PublicLockBody>;

export const PublicLockResult = Type.Object({ record: PublicLockRecord, usesLeft: Type.Integer() });
export type PublicLockResult = Static<typeof PublicLockResult>;

/** Why a link opens nothing (the data of its PERMISSION_CHECK_FAIL). */
export const lockLinkRefusals = ['unknown', 'expired', 'usedUp'] as const;
export type LockLinkRefusal = (typeof lockLinkRefusals)[number];
