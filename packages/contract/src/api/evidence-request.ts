import { type Static, Type } from 'typebox';
import { EpochMs, Id, Nullable } from './common.js';

/**
 * On-demand evidence requests (SPEC section 7, Device: getCtrDeviceUploadPic/Video, getDeviceUploadVideoUrl, cancelTask;
 * docs/device-protocol.md, `evidenceRequest`): the portal asks a device to upload resources it still holds.
 */
export const evidenceTaskStates = ['waiting', 'sent', 'done', 'failed', 'cancelled'] as const;
export type EvidenceTaskState = (typeof evidenceTaskStates)[number];
export const evidenceTaskKinds = ['picture', 'video', 'clip'] as const;
export type EvidenceTaskKind = (typeof evidenceTaskKinds)[number];

/** Tasks that can still move on (and be cancelled). */
export const OPEN_EVIDENCE_TASK_STATES: readonly EvidenceTaskState[] = ['waiting', 'sent'];

/** A clip is cut from `time − CLIP_HALF_SPAN_MS` to `time + CLIP_HALF_SPAN_MS`, within the incident's time ± CLIP_WINDOW_MS. */
export const CLIP_HALF_SPAN_MS = 10_000;
export const CLIP_WINDOW_MS = 5 * 60_000;

export const EvidenceTask = Type.Object({
  /** Null when nothing had to be asked for (every resource is stored already). */
  taskId: Nullable(Type.Integer()),
  eventId: Type.Integer(),
  state: Type.Enum(evidenceTaskStates),
  /** incident resource row ids (ResourceRecord.resourceId). */
  resourceIds: Type.Array(Type.Integer()),
});
export type EvidenceTask = Static<typeof EvidenceTask>;

export const EvidenceTaskRecord = Type.Object({
  ...EvidenceTask.properties,
  taskId: Type.Integer(),
  kind: Type.Enum(evidenceTaskKinds),
  reason: Nullable(Type.String()),
  createdBy: Nullable(Type.String()),
  createTime: EpochMs,
  updateTime: EpochMs,
});
export type EvidenceTaskRecord = Static<typeof EvidenceTaskRecord>;

export const PictureRequestQuery = Type.Object({ eventId: Id, resourceId: Id });
export type PictureRequestQuery = Static<typeof PictureRequestQuery>;
export const ClipRequestQuery = Type.Object({ eventId: Id, resourceId: Id, time: EpochMs });
export type ClipRequestQuery = Static<typeof ClipRequestQuery>;
export const TaskIdQuery = Type.Object({ taskId: Id });
export type TaskIdQuery = Static<typeof TaskIdQuery>;
