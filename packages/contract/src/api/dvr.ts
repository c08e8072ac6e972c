import { type Static, Type } from 'typebox';
import { CameraChannel, EpochMs } from './common.js';
import { EvidenceTask } from './evidence-request.js';

/**
 * DVR recordings (`/dvr/{licensePlate}`, Super Admin; docs/device-protocol.md, `dvrIndex` and `live` playback): the
 * recording timeline a device holds per channel and UTC day, playback streamed from the device, and upload of a span
 * as evidence.
 */

/** The longest span one upload asks for. */
export const DVR_UPLOAD_MAX_MS = 5 * 60_000;
/** The longest span one playback streams. */
export const DVR_PLAY_MAX_MS = 60 * 60_000;

const LicensePlate = Type.String({ minLength: 1, maxLength: 32 });

export const DvrIndexQuery = Type.Object({
  licensePlate: LicensePlate,
  channel: CameraChannel,
  /** A UTC day. */
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});
export type DvrIndexQuery = Static<typeof DvrIndexQuery>;

export const DvrSegment = Type.Object({ start: EpochMs, end: EpochMs });
export type DvrSegment = Static<typeof DvrSegment>;

export const DvrIndex = Type.Object({
  licensePlate: Type.String(),
  deviceId: Type.Integer(),
  channel: Type.Integer(),
  /** The device's channel count (the page's channel choice). */
  channels: Type.Integer(),
  day: Type.String(),
  segments: Type.Array(DvrSegment),
});
export type DvrIndex = Static<typeof DvrIndex>;

export const DvrSpanBody = Type.Object({
  licensePlate: LicensePlate,
  channel: CameraChannel,
  start: EpochMs,
  end: EpochMs,
});
export type DvrSpanBody = Static<typeof DvrSpanBody>;

export const DvrUpload = Type.Object({
  /** The incident the clip is filed under: one of the vehicle's within the span, else a new `dvrClip` incident. */
  eventId: Type.Integer(),
  created: Type.Boolean(),
  task: EvidenceTask,
});
export type DvrUpload = Static<typeof DvrUpload>;
