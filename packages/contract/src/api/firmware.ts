import { type Static, Type } from 'typebox';
import { upgradePhases } from '../device/up.js';
import { EpochMs, Id, Nullable, PageQuery, TextFilter, TimeFilter } from './common.js';
import { DeviceSelection, DeviceTask } from './device-task.js';

/**
 * Firmware packages and upgrade campaigns (issue 18; docs/device-protocol.md, `upgrade`). A package is a file of the
 * object store with its version, the device models it fits and its release notes; a campaign is a device task of kind
 * `upgrade` with stages and a failure threshold.
 */

/** The largest firmware package the portal takes. */
export const FIRMWARE_MAX_BYTES = 512 * 1024 * 1024;

/** A firmware version: numeric dotted parts, then an optional suffix after a dash (`2.4.1`, `2.5.0-rc.2`). */
export const FIRMWARE_VERSION_PATTERN = '^\\d{1,9}(\\.\\d{1,9}){0,5}(-[0-9A-Za-z]+([.-][0-9A-Za-z]+)*)?$';
export const FirmwareVersion = Type.String({ maxLength: 64, pattern: FIRMWARE_VERSION_PATTERN, description: 'e.g. 2.4.1 or 2.5.0-rc.2' });
/** A hardware model as devices report it in `hello`. */
export const DeviceModel = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7e]+$' });

interface ParsedVersion {
  parts: number[];
  suffix: string | null;
}

/** A version's parts, or null when it is not of the pattern (a device's own scheme the portal cannot order). */
export function parseVersion(version: string | null | undefined): ParsedVersion | null {
  if (!version || !new RegExp(FIRMWARE_VERSION_PATTERN).test(version)) return null;
  const dash = version.indexOf('-');
  const numbers = dash < 0 ? version : version.slice(0, dash);
  return { parts: numbers.split('.').map(Number), suffix: dash < 0 ? null : version.slice(dash + 1) };
}

/** Suffix parts compare as numbers when both are numbers, else as text; a number sorts before text (as in SemVer). */
function compareSuffix(a: string, b: string): number {
  const as = a.split(/[.-]/);
  const bs = b.split(/[.-]/);
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const x = as[i];
    const y = bs[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn && Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    if (!xn && x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The order of firmware versions (docs/decisions.md, Firmware versions): the numeric parts first, part by part (a
 * missing part is 0: 2.4 = 2.4.0); then a version without suffix after any with one (2.5.0-rc.2 < 2.5.0); suffixes
 * part by part. Negative: a before b. Null when either is not of the pattern.
 */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.suffix === y.suffix) return 0;
  if (x.suffix === null) return 1;
  if (y.suffix === null) return -1;
  return compareSuffix(x.suffix, y.suffix);
}

export const FirmwarePackage = Type.Object({
  id: Id,
  version: Type.String(),
  /** The models it fits; empty: every model. */
  models: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  fileName: Type.String(),
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String(),
  createdBy: Type.String(),
  createTime: EpochMs,
  /** Campaigns that use it (a package in use cannot be deleted). */
  campaigns: Type.Integer({ minimum: 0 }),
});
export type FirmwarePackage = Static<typeof FirmwarePackage>;

/** The fields of `upgradeDevice2`'s multipart form besides the file (`file`). */
export const FirmwareUploadFields = Type.Object({
  version: FirmwareVersion,
  /** Comma-separated models; left out or empty: every model. */
  models: Type.Optional(Type.String({ maxLength: 1000 })),
  notes: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type FirmwareUploadFields = Static<typeof FirmwareUploadFields>;

export const FirmwareListQuery = Type.Object({
  ...PageQuery,
  /** Part of the version, a model or the notes, any case. */
  keyword: TextFilter,
});
export type FirmwareListQuery = Static<typeof FirmwareListQuery>;

/** A campaign's own state besides its rows': it sends while active; paused by hand, halted by its failure threshold. */
export const campaignControls = ['active', 'paused', 'halted', 'aborted'] as const;
export type CampaignControl = (typeof campaignControls)[number];

/** The devices a campaign reaches: named, or the device list's filters plus a model. */
export const CampaignSelection = Type.Object({ ...DeviceSelection.properties, model: Type.Optional(DeviceModel) });
export type CampaignSelection = Static<typeof CampaignSelection>;

export const CampaignCreateBody = Type.Object({
  packageId: Id,
  deviceIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 10_000, uniqueItems: true })),
  filter: Type.Optional(CampaignSelection),
  /** The share of the devices upgraded first; the rest follow once they are done. 100: one stage. */
  firstStagePercent: Type.Integer({ minimum: 1, maximum: 100 }),
  /** The campaign halts itself when more than this share of a stage's devices failed. */
  failureThresholdPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Devices not upgraded by then (offline, say) are expired. */
  endTime: EpochMs,
});
export type CampaignCreateBody = Static<typeof CampaignCreateBody>;

export const UpgradeCampaign = Type.Object({
  ...DeviceTask.properties,
  packageId: Id,
  version: Type.String(),
  control: Type.Enum(campaignControls),
  /** Why it halted (the failure threshold), or who paused or aborted it. */
  controlReason: Nullable(Type.String()),
  stage: Type.Integer({ minimum: 1, maximum: 2 }),
  firstStagePercent: Type.Integer(),
  failureThresholdPercent: Type.Integer(),
  /** Devices in the first stage. */
  firstStageSize: Type.Integer({ minimum: 0 }),
});
export type UpgradeCampaign = Static<typeof UpgradeCampaign>;

export const CampaignListQuery = Type.Object({ ...PageQuery });
export type CampaignListQuery = Static<typeof CampaignListQuery>;
export const CampaignIdBody = Type.Object({ taskId: Id });

/** Where a device's latest upgrade stands (`/devicepage/upgrade-list`). */
export const upgradeRowPhases = ['queued', 'sent', ...upgradePhases, 'done', 'cancelled', 'expired'] as const;
export type UpgradeRowPhase = (typeof upgradeRowPhases)[number];

export const DeviceUpgradeRecord = Type.Object({
  deviceId: Id,
  deviceUuid: Type.String(),
  model: Nullable(Type.String()),
  online: Type.Boolean(),
  runningVersion: Nullable(Type.String()),
  /** The latest campaign that reaches the device: its version, where the device stands, the percentage. */
  targetVersion: Nullable(Type.String()),
  phase: Nullable(Type.Enum(upgradeRowPhases)),
  progress: Nullable(Type.Integer()),
  reason: Nullable(Type.String()),
  taskId: Nullable(Id),
  updateTime: Nullable(EpochMs),
});
export type DeviceUpgradeRecord = Static<typeof DeviceUpgradeRecord>;

export const DeviceUpgradeQuery = Type.Object({
  ...PageQuery,
  keyword: TextFilter,
  version: TextFilter,
  model: Type.Optional(DeviceModel),
  phase: Type.Optional(Type.Enum(upgradeRowPhases)),
});
export type DeviceUpgradeQuery = Static<typeof DeviceUpgradeQuery>;

export const upgradeOutcomes = ['done', 'failed', 'cancelled', 'expired'] as const;
export type UpgradeOutcome = (typeof upgradeOutcomes)[number];

/** One upgrade attempt (`/system/deviceLog`): written when it ends. */
export const UpgradeLogRecord = Type.Object({
  id: Id,
  taskId: Id,
  deviceId: Id,
  deviceUuid: Type.String(),
  packageVersion: Type.String(),
  fromVersion: Nullable(Type.String()),
  /** What the device came back with (done), else what it still runs. */
  toVersion: Nullable(Type.String()),
  result: Type.Enum(upgradeOutcomes),
  reason: Nullable(Type.String()),
  startTime: Nullable(EpochMs),
  endTime: EpochMs,
});
export type UpgradeLogRecord = Static<typeof UpgradeLogRecord>;

export const UpgradeLogQuery = Type.Object({
  ...PageQuery,
  /** Part of the device's uuid. */
  keyword: TextFilter,
  version: TextFilter,
  result: Type.Optional(Type.Enum(upgradeOutcomes)),
  ...TimeFilter,
});
export type UpgradeLogQuery = Static<typeof UpgradeLogQuery>;
