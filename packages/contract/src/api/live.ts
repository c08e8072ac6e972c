import { type Static, Type } from 'typebox';
import { CameraChannel, EpochMs, Id, Nullable, VehicleRef } from './common.js';

/**
 * Live video (SPEC sections 2 and 4; ARCHITECTURE section 1; docs/device-protocol.md, `live`). The portal asks a
 * device to publish one channel over RTMP with a per-session key; viewers play it over HTTP-FLV with a short-lived
 * signed URL.
 */

/** SPEC section 4, live stream: initialised, ready, device connected, ready to play, live play done, publish done, connection failed. */
export const liveStates = [
  'initialised',
  'ready',
  'deviceConnected',
  'readyToPlay',
  'livePlayDone',
  'publishDone',
  'connectionFailed',
] as const;
export type LiveState = (typeof liveStates)[number];

/** A stream nobody watches for this long is stopped on the device (mobile data). */
export const LIVE_IDLE_MS = 60_000;
/** How long a signed play URL opens the stream (a player reconnecting later asks again with refresh). */
export const LIVE_PLAY_URL_TTL_MS = 60_000;

export const LiveStartBody = Type.Object({
  /** The vehicle whose bound device streams; or deviceId. */
  vehicleId: Type.Optional(Id),
  deviceId: Type.Optional(Id),
  channel: CameraChannel,
});
export type LiveStartBody = Static<typeof LiveStartBody>;

export const LiveSessionBody = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export type LiveSessionBody = Static<typeof LiveSessionBody>;

export const LiveSession = Type.Object({
  sessionId: Type.String(),
  deviceId: Type.Integer(),
  ...VehicleRef,
  channel: Type.Integer(),
  /** The device's channel count (the player's channel choice). */
  channels: Type.Integer(),
  state: Type.Enum(liveStates),
  /** HTTP-FLV URL signed for this viewer; opens the stream until playUrlExpiresAt (relative to the portal when it starts with /). */
  playUrl: Type.String(),
  playUrlExpiresAt: EpochMs,
  startTime: EpochMs,
  /** When the device's publisher connected to the media server; null before. */
  publishTime: Nullable(EpochMs),
  /** Viewers attached now (the embedded server's count, or what an external server's on_play/on_stop hooks told). */
  viewers: Type.Integer(),
});
export type LiveSession = Static<typeof LiveSession>;

/** The SRS-style hooks of an external media server (MEDIA_URL): publish/play checks and goodbyes. */
export const LiveHookParams = Type.Object({
  event: Type.Union([Type.Literal('on_publish'), Type.Literal('on_unpublish'), Type.Literal('on_play'), Type.Literal('on_stop')]),
});
/**
 * `stream` is the stream's name (`.flv` allowed), `param` the URL's query string with the signed token. The media
 * server fills the body with fields of its own (`action`, `client_id`, `ip`, `vhost`, `app`…, differing between
 * servers and versions): those are taken and ignored, the one opt-out of the contract's rule on undeclared properties.
 */
export const LiveHookBody = Type.Object({ stream: Type.String(), param: Type.Optional(Type.String()) }, { additionalProperties: true });
export type LiveHookBody = Static<typeof LiveHookBody>;
/** What the hook answers: 0 allows (a refusal is HTTP 403 with `code: 403`). */
export const LiveHookAnswer = Type.Object({ code: Type.Integer() });
