import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LIVE_PLAY_URL_TTL_MS, type LiveSession, type LiveStartBody, type LiveState } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, vehicle } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { type Chain, chainInScope, inScope, outOfScope } from '../../http/scope.js';
import type { EmbeddedMediaServer, MediaHooks } from '../../media/embedded.js';
import type { LivePlaySigner } from '../../media/signer.js';
import type { UsageMeter } from '../subscriptions/usage-meter.js';
import { visibleVehicles } from '../vehicles/scope.js';

/** Publishes a down command and resolves with its ack (the gateway's sendCommand); absent until the gateway runs. */
export type SendCommand = (deviceUuid: string, kind: string, payload: Record<string, unknown>, timeoutMs?: number) => Promise<unknown>;

export interface LiveOptions {
  /** Where devices publish: `rtmp://host:port` (the embedded server's or MEDIA_RTMP_URL). */
  publishBase: () => string;
  /** Where viewers play: '' for the portal's own `/media/live`, else the external server's HTTP-FLV base (MEDIA_URL). */
  playBase: string;
  /** A stream nobody watches for this long is stopped (LIVE_IDLE_MS; shorter in tests). */
  idleMs: number;
  /** How long the device has to acknowledge `live` start. */
  ackTimeoutMs: number;
  /** A media server is there (embedded or external). */
  available: () => boolean;
}

interface Session {
  stream: string;
  key: Buffer;
  deviceId: number;
  deviceUuid: string;
  vehicleId: number | null;
  licensePlate: string | null;
  channel: number;
  channels: number;
  chain: Chain;
  state: LiveState;
  startedAt: number;
  publishedAt: number | null;
  idleTimer: NodeJS.Timeout | undefined;
  /** Ended sessions are kept a while so a player can still read why they ended. */
  ended: boolean;
  /** A DVR playback of a recorded span (modules/dvr), not live. */
  playback?: { start: number; end: number };
}

/** How long a stop waits for the stopping viewer's own connection to close before counting the others. */
const VIEWER_GONE_MS = 1_000;
/** How long an ended session stays readable by its state call. */
const ENDED_KEPT_MS = 5 * 60_000;

/**
 * Live sessions of this node (docs/device-protocol.md, `live`): one per device and channel while it streams. The
 * portal issues a random publish key with the start command; viewers get signed play URLs; nobody watching for
 * `idleMs` stops the device.
 */
export class LiveService implements MediaHooks {
  private send: SendCommand | undefined;
  private media: EmbeddedMediaServer | undefined;
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly db: Db,
    private readonly signer: LivePlaySigner,
    private readonly usage: UsageMeter,
    private readonly options: LiveOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  useDevices(send: SendCommand) {
    this.send = send;
  }

  useMedia(media: EmbeddedMediaServer) {
    this.media = media;
  }

  /** The embedded media server's RTMP port (undefined with an external one or none). */
  get rtmpPort(): number | undefined {
    return this.media?.port;
  }

  /** The stream belongs to a session that has not ended. */
  known(stream: string): boolean {
    const session = this.sessions.get(stream);
    return session !== undefined && !session.ended;
  }

  /** The device (with its vehicle) the caller asks for, in scope, or PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST. */
  private async deviceOf(principal: Principal, body: LiveStartBody) {
    const columns = {
      id: device.id,
      uuid: device.deviceUuid,
      channels: device.channels,
      online: device.online,
      vehicleId: device.vehicleId,
      licensePlate: vehicle.licensePlate,
      agentId: device.belongAgentId,
      companyId: device.belongCompanyId,
      fleetId: device.belongFleetId,
    };
    if (body.vehicleId !== undefined) {
      const [seen] = await this.db
        .select({ id: vehicle.id })
        .from(vehicle)
        .where(and(eq(vehicle.id, body.vehicleId), visibleVehicles(principal)));
      if (!seen) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
      const [row] = await this.db
        .select(columns)
        .from(device)
        .innerJoin(vehicle, eq(vehicle.id, device.vehicleId))
        .where(eq(device.vehicleId, body.vehicleId))
        .orderBy(device.id)
        .limit(1);
      if (!row) throw new AppError('DEVICE_NOT_EXIST');
      return row;
    }
    if (body.deviceId === undefined) throw new AppError('PARAM_CHECK_FAIL', 'vehicleId', { field: 'vehicleId' });
    const [row] = await this.db
      .select(columns)
      .from(device)
      .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
      .where(and(eq(device.id, body.deviceId), inScope(principal, device)));
    if (!row) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return row;
  }

  /** `playback`: stream a recorded span instead of live (modules/dvr); never shared with a live session. */
  async start(principal: Principal, body: LiveStartBody, playback?: { start: number; end: number }): Promise<LiveSession> {
    const target = await this.deviceOf(principal, body);
    if (body.channel > target.channels) throw new AppError('PARAM_CHECK_FAIL', 'channel', { field: 'channel' });
    if (!target.online) throw new AppError('DEVICE_LIVE_STATE_FAIL');
    const running = playback
      ? undefined
      : [...this.sessions.values()].find((s) => !s.ended && !s.playback && s.deviceId === target.id && s.channel === body.channel);
    if (running) return this.view(running);
    if (!this.send || !this.options.available()) throw new AppError('DEVICE_LIVE_FAIL');
    const stream = `d${target.id}c${body.channel}-${randomBytes(6).toString('hex')}`;
    const key = randomBytes(24);
    const session: Session = {
      stream,
      key,
      deviceId: target.id,
      deviceUuid: target.uuid,
      vehicleId: target.vehicleId,
      licensePlate: target.licensePlate,
      channel: body.channel,
      channels: target.channels,
      chain: { agentId: target.agentId, companyId: target.companyId, fleetId: target.fleetId },
      state: 'initialised',
      startedAt: Date.now(),
      publishedAt: null,
      idleTimer: undefined,
      ended: false,
      ...(playback ? { playback } : {}),
    };
    this.sessions.set(stream, session);
    try {
      await this.send(
        target.uuid,
        'live',
        {
          action: 'start',
          stream,
          channel: body.channel,
          url: `${this.options.publishBase()}/live/${stream}?key=${key.toString('base64url')}`,
          key: key.toString('base64url'),
          overlay: { licensePlate: target.licensePlate },
          ...(playback ? { playback } : {}),
        },
        this.options.ackTimeoutMs,
      );
    } catch (err) {
      this.log.info({ err, device: target.uuid, stream }, 'live start refused or not acknowledged');
      session.state = 'connectionFailed';
      this.end(session);
      throw new AppError('DEVICE_LIVE_FAIL');
    }
    if (session.state === 'initialised') session.state = 'ready';
    this.armIdle(session);
    return this.view(session);
  }

  /** A session the caller may see (its vehicle's chain in scope), or PERMISSION_CHECK_FAIL / DEVICE_LIVE_STATE_FAIL. */
  private sessionOf(principal: Principal, stream: string): Session {
    const session = this.sessions.get(stream);
    if (!session || !chainInScope(principal, session.chain)) throw outOfScope(principal, 'DEVICE_LIVE_STATE_FAIL');
    return session;
  }

  state(principal: Principal, stream: string): LiveSession {
    return this.view(this.sessionOf(principal, stream));
  }

  /** The viewer stops: the device stops too unless someone else still watches. */
  async stop(principal: Principal, stream: string): Promise<LiveSession> {
    const session = this.sessionOf(principal, stream);
    if (session.ended) return this.view(session);
    // The caller's own player hung up just before this call; its connection may take a moment to close here.
    for (let waited = 0; waited < VIEWER_GONE_MS && (this.media?.viewers(stream) ?? 0) > 0; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if ((this.media?.viewers(stream) ?? 0) > 0) {
      return { ...this.view(session), state: 'livePlayDone' };
    }
    await this.stopDevice(session, 'viewer');
    return this.view(session);
  }

  private async stopDevice(session: Session, reason: 'viewer' | 'idle' | 'shutdown') {
    this.end(session);
    session.state = 'publishDone';
    this.media?.kick(session.stream);
    if (!this.send) return;
    try {
      await this.send(
        session.deviceUuid,
        'live',
        { action: 'stop', stream: session.stream, channel: session.channel, reason },
        this.options.ackTimeoutMs,
      );
    } catch (err) {
      this.log.info({ err, stream: session.stream }, 'live stop not acknowledged');
    }
  }

  private end(session: Session) {
    if (session.ended) return;
    session.ended = true;
    clearTimeout(session.idleTimer);
    if (session.publishedAt !== null && session.chain.companyId !== null) {
      const minutes = Math.max(1, Math.ceil((Date.now() - session.publishedAt) / 60_000));
      this.usage.add(session.chain.companyId, 'liveMinutes', minutes);
    }
    setTimeout(() => {
      if (this.sessions.get(session.stream) === session) this.sessions.delete(session.stream);
    }, ENDED_KEPT_MS).unref();
  }

  private armIdle(session: Session) {
    clearTimeout(session.idleTimer);
    if (session.ended) return;
    session.idleTimer = setTimeout(() => {
      if (!session.ended && (this.media?.viewers(session.stream) ?? 0) === 0) {
        this.log.info({ stream: session.stream }, 'live stream idle: stopping it on the device');
        void this.stopDevice(session, 'idle');
      }
    }, this.options.idleMs);
    session.idleTimer.unref();
  }

  private view(session: Session): LiveSession {
    const exp = Date.now() + LIVE_PLAY_URL_TTL_MS;
    const token = this.signer.sign({ stream: session.stream, exp });
    let state = session.state;
    if (state === 'deviceConnected' && this.media?.playable(session.stream)) state = 'readyToPlay';
    return {
      sessionId: session.stream,
      deviceId: session.deviceId,
      vehicleId: session.vehicleId,
      licensePlate: session.licensePlate,
      channel: session.channel,
      channels: session.channels,
      state,
      playUrl: `${this.options.playBase || '/media'}/live/${session.stream}.flv?token=${encodeURIComponent(token)}`,
      playUrlExpiresAt: exp,
      startTime: session.startedAt,
      publishTime: session.publishedAt,
      viewers: this.media?.viewers(session.stream) ?? 0,
    };
  }

  // --- media server hooks ---

  authorizePublish(stream: string, key: string): boolean {
    const session = this.sessions.get(stream);
    if (!session || session.ended) return false;
    const given = Buffer.from(key, 'base64url');
    return given.length === session.key.length && timingSafeEqual(given, session.key);
  }

  /** The play token of an external media server's on_play hook. */
  authorizePlay(stream: string, token: string): boolean {
    return this.known(stream) && this.signer.verify(token)?.stream === stream;
  }

  publishStarted(stream: string): void {
    const session = this.sessions.get(stream);
    if (!session) return;
    session.publishedAt = Date.now();
    session.state = 'deviceConnected';
  }

  publishEnded(stream: string): void {
    const session = this.sessions.get(stream);
    if (!session) return;
    session.state = 'publishDone';
    this.end(session);
  }

  viewersChanged(stream: string, viewers: number): void {
    const session = this.sessions.get(stream);
    if (!session || session.ended) return;
    if (viewers > 0) clearTimeout(session.idleTimer);
    else this.armIdle(session);
  }

  /** Portal shutdown: devices stop streaming. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].filter((s) => !s.ended).map((s) => this.stopDevice(s, 'shutdown')));
  }
}
