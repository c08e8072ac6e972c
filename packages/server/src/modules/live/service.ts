import { randomBytes } from 'node:crypto';
import { LIVE_PLAY_URL_TTL_MS, type LiveSession, type LiveStartBody } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, vehicle } from '../../db/schema.js';
import { belongingTo, chainColumns } from '../../db/subqueries.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { EmbeddedMediaServer, MediaHooks } from '../../media/embedded.js';
import type { LivePlaySigner } from '../../media/signer.js';
import type { UsageMeter } from '../subscriptions/index.js';
import { visibleVehicles } from '../vehicles/index.js';
import { hashKey, keyMatches, LiveRepo, type LiveRow } from './repo.js';

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
  /** This node's name (MQTT_CLIENT_ID, else from the host name): the owner of the sessions its embedded server carries. */
  nodeId: string;
}

/** The external media server's hooks (SRS-style): publisher and player checks, and their goodbyes. */
export type MediaHookEvent = 'on_publish' | 'on_unpublish' | 'on_play' | 'on_stop';

/** How long a stop waits for the stopping viewer's own connection to close before counting the others. */
const VIEWER_GONE_MS = 1_000;
/** How long an ended session stays readable by its state call. */
const ENDED_KEPT_MS = 24 * 3_600_000;
/** How often every node looks for idle sessions: every few seconds, more often with a short idle time (tests). */
const sweepEvery = (idleMs: number) => Math.min(5_000, Math.max(100, Math.floor(idleMs / 4)));
/** How often the sweep also deletes long-ended sessions. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Live sessions (docs/device-protocol.md, `live`): one per device and channel while it streams, kept in the database
 * (modules/live/repo.ts) so every portal node answers start, state, stop and the media server's hooks for any session.
 * The portal issues a random publish key with the start command (stored hashed); viewers get signed play URLs; a
 * session nobody watches for `idleMs` is stopped by whichever node's sweep claims it first.
 *
 * With the embedded media server the device publishes to the node that started the session (its owner), which counts
 * the viewers; the embedded server is single-node (several nodes need MEDIA_URL).
 */
export class LiveService implements MediaHooks {
  private media: EmbeddedMediaServer | undefined;
  private readonly repo: LiveRepo;
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private lastPurge = 0;
  private closing = false;
  /** The embedded media server's events, written one after the other in the order they happened. */
  private hookWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    private readonly signer: LivePlaySigner,
    private readonly usage: UsageMeter,
    private readonly options: LiveOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new LiveRepo(db);
  }

  useMedia(media: EmbeddedMediaServer) {
    this.media = media;
  }

  /** The embedded media server's RTMP port (undefined with an external one or none). */
  get rtmpPort(): number | undefined {
    return this.media?.port;
  }

  /**
   * Start-up of a node with live video: the sessions its embedded media server carried before a crash have lost their
   * stream (they end, and their devices are told once a device adapter runs); then the idle sweep starts.
   */
  async open(): Promise<void> {
    const ended = await this.repo.endOwned(this.options.nodeId, new Date());
    if (ended.length > 0) {
      this.log.warn({ streams: ended.map((row) => row.stream) }, 'live sessions of this node ended at start-up');
      for (const row of ended) this.metered(row);
      void this.devices.ready.then(() => {
        for (const row of ended) void this.tellDevice(row, 'shutdown');
      });
    }
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.sweep().finally(() => {
        this.sweeping = undefined;
      });
    }, sweepEvery(this.options.idleMs));
    this.sweeper.unref();
  }

  /** One idle sweep: one UPDATE … RETURNING claims the idle sessions, so only one node stops each device. */
  async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      const now = Date.now();
      const idle = await this.repo.endIdle(
        new Date(now - this.options.idleMs),
        new Date(now - this.options.idleMs - this.options.ackTimeoutMs),
        new Date(now),
      );
      for (const row of idle) {
        this.log.info({ stream: row.stream }, 'live stream idle: stopping it on the device');
        void this.finish(row, 'idle');
      }
      if (now - this.lastPurge >= PURGE_EVERY_MS) {
        this.lastPurge = now;
        await this.repo.purge(new Date(now - ENDED_KEPT_MS));
      }
    } catch (err) {
      this.log.warn({ err }, 'live idle sweep failed');
    }
  }

  /** The stream belongs to a session that has not ended. */
  async known(stream: string): Promise<boolean> {
    const row = await this.repo.get(stream);
    return row !== undefined && row.endedAt === null;
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
      ...chainColumns(device),
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
    const running = playback ? undefined : await this.repo.running(target.id, body.channel);
    if (running) return this.view(running);
    if (!this.devices.reaches(target.uuid) || !this.options.available()) throw new AppError('DEVICE_LIVE_FAIL');
    const stream = `d${target.id}c${body.channel}-${randomBytes(6).toString('hex')}`;
    const key = randomBytes(24).toString('base64url');
    const now = new Date();
    const inserted = await this.repo.insert({
      stream,
      keyHash: hashKey(key),
      deviceId: target.id,
      deviceUuid: target.uuid,
      vehicleId: target.vehicleId,
      licensePlate: target.licensePlate,
      channel: body.channel,
      channels: target.channels,
      ...belongingTo(target),
      media: this.options.playBase ? 'external' : 'embedded',
      state: 'initialised',
      startedAt: now,
      viewersChangedAt: now,
      ownerNode: this.options.nodeId,
      ...(playback ? { playbackStart: new Date(playback.start), playbackEnd: new Date(playback.end) } : {}),
    });
    if (!inserted) {
      // Another call (on any node) started this channel a moment ago: its session, no second stream.
      const other = await this.repo.running(target.id, body.channel);
      if (other) return this.view(other);
      throw new AppError('DEVICE_LIVE_FAIL');
    }
    try {
      await this.devices.send(
        target.uuid,
        'live',
        {
          action: 'start',
          stream,
          channel: body.channel,
          url: `${this.options.publishBase()}/live/${stream}?key=${key}`,
          key,
          overlay: { licensePlate: target.licensePlate ?? undefined },
          ...(playback ? { playback } : {}),
        },
        this.options.ackTimeoutMs,
      );
    } catch (err) {
      this.log.info({ err, device: target.uuid, stream }, 'live start refused or not acknowledged');
      const ended = await this.repo.end(stream, 'connectionFailed', new Date());
      if (ended) this.metered(ended);
      this.media?.kick(stream);
      throw new AppError('DEVICE_LIVE_FAIL');
    }
    await this.repo.ready(stream, new Date());
    return this.view(await this.row(stream));
  }

  private async row(stream: string): Promise<LiveRow> {
    const row = await this.repo.get(stream);
    if (!row) throw new AppError('DEVICE_LIVE_STATE_FAIL');
    return row;
  }

  /** A session the caller may see (its vehicle's chain in scope), or PERMISSION_CHECK_FAIL / DEVICE_LIVE_STATE_FAIL. */
  private async sessionOf(principal: Principal, stream: string): Promise<LiveRow> {
    const row = await this.repo.visible(principal, stream);
    if (!row) throw outOfScope(principal, 'DEVICE_LIVE_STATE_FAIL');
    return row;
  }

  async state(principal: Principal, stream: string): Promise<LiveSession> {
    return this.view(await this.sessionOf(principal, stream));
  }

  /** The viewer stops: the device stops too unless someone else still watches. */
  async stop(principal: Principal, stream: string): Promise<LiveSession> {
    const row = await this.sessionOf(principal, stream);
    if (row.endedAt) return this.view(row);
    // The caller's own player hung up just before this call; its connection may take a moment to close (here, or at
    // the external media server, whose on_stop hook may reach another node).
    let viewers = await this.viewersNow(row);
    for (let waited = 0; waited < VIEWER_GONE_MS && viewers > 0; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      viewers = await this.viewersNow(row);
    }
    if (viewers > 0) return { ...this.view(row), state: 'livePlayDone' };
    const ended = await this.repo.end(stream, 'publishDone', new Date());
    if (ended) await this.finish(ended, 'viewer');
    return this.view(ended ?? (await this.row(stream)));
  }

  /** This node's embedded media server carries the session's stream. */
  private carries(row: LiveRow): EmbeddedMediaServer | undefined {
    return row.media === 'embedded' && row.ownerNode === this.options.nodeId ? this.media : undefined;
  }

  private async viewersNow(row: LiveRow): Promise<number> {
    const media = this.carries(row);
    if (media) return media.viewers(row.stream);
    return (await this.repo.get(row.stream))?.viewers ?? 0;
  }

  /** A session this node ended: the minutes are metered, its stream dropped here and the device told to stop. */
  private async finish(row: LiveRow, reason: 'viewer' | 'idle' | 'shutdown') {
    this.metered(row);
    this.media?.kick(row.stream);
    await this.tellDevice(row, reason);
  }

  private async tellDevice(row: LiveRow, reason: 'viewer' | 'idle' | 'shutdown') {
    if (!this.devices.reaches(row.deviceUuid)) return;
    try {
      await this.devices.send(
        row.deviceUuid,
        'live',
        { action: 'stop', stream: row.stream, channel: row.channel, reason },
        this.options.ackTimeoutMs,
      );
    } catch (err) {
      this.log.info({ err, stream: row.stream }, 'live stop not acknowledged');
    }
  }

  /** liveMinutes of a session that published: counted by the one call whose UPDATE ended the session. */
  private metered(row: LiveRow) {
    if (row.publishedAt === null || row.belongCompanyId === null) return;
    const minutes = Math.max(1, Math.ceil(((row.endedAt ?? new Date()).getTime() - row.publishedAt.getTime()) / 60_000));
    this.usage.add(row.belongCompanyId, 'liveMinutes', minutes);
  }

  private view(row: LiveRow): LiveSession {
    const exp = Date.now() + LIVE_PLAY_URL_TTL_MS;
    const token = this.signer.sign({ stream: row.stream, exp });
    const media = this.carries(row);
    let state = row.state;
    if (state === 'deviceConnected' && media?.playable(row.stream)) state = 'readyToPlay';
    return {
      sessionId: row.stream,
      deviceId: row.deviceId,
      vehicleId: row.vehicleId,
      licensePlate: row.licensePlate,
      channel: row.channel,
      channels: row.channels,
      state,
      playUrl: `${this.options.playBase || '/media'}/live/${row.stream}.flv?token=${encodeURIComponent(token)}`,
      playUrlExpiresAt: exp,
      startTime: row.startedAt.getTime(),
      publishTime: row.publishedAt?.getTime() ?? null,
      viewers: media ? media.viewers(row.stream) : row.viewers,
    };
  }

  // --- the external media server's hooks (MEDIA_URL) ---

  /**
   * on_publish / on_unpublish carry the publisher's `key`, on_play / on_stop the player's signed `token` (on_stop
   * also after the token's minute has passed: a player leaving after watching a while). False: refused. Viewer counts
   * and publish times are kept for external sessions only; the embedded server reports its own.
   */
  async hook(event: MediaHookEvent, stream: string, query: URLSearchParams): Promise<boolean> {
    const row = await this.repo.get(stream);
    if (!row) return false;
    const external = row.media === 'external' && row.endedAt === null;
    const now = new Date();
    switch (event) {
      case 'on_publish':
        if (row.endedAt !== null || !keyMatches(row, query.get('key') ?? '')) return false;
        if (external) await this.repo.published(stream, now);
        return true;
      case 'on_unpublish': {
        if (!keyMatches(row, query.get('key') ?? '')) return false;
        const ended = external ? await this.repo.end(stream, 'publishDone', now) : undefined;
        if (ended) this.metered(ended);
        return true;
      }
      case 'on_play':
        if (row.endedAt !== null || this.signer.verify(query.get('token') ?? '')?.stream !== stream) return false;
        if (external) await this.repo.addViewers(stream, 1, now);
        return true;
      case 'on_stop':
        if (this.signer.verify(query.get('token') ?? '', 0)?.stream !== stream) return false;
        if (external) await this.repo.addViewers(stream, -1, now);
        return true;
    }
  }

  // --- the embedded media server's hooks ---

  async authorizePublish(stream: string, key: string): Promise<boolean> {
    const row = await this.repo.get(stream);
    return row !== undefined && row.endedAt === null && keyMatches(row, key);
  }

  private write(what: string, stream: string, write: () => Promise<unknown>) {
    this.hookWrites = this.hookWrites.then(write).then(
      () => {},
      (err) => this.log.warn({ err, stream }, `live session ${what} not recorded`),
    );
  }

  publishStarted(stream: string): void {
    const at = new Date();
    this.write('publish', stream, () => this.repo.published(stream, at));
  }

  publishEnded(stream: string): void {
    const at = new Date();
    this.write('end', stream, async () => {
      const ended = await this.repo.end(stream, 'publishDone', at);
      if (ended) this.metered(ended);
    });
  }

  viewersChanged(stream: string, viewers: number): void {
    const at = new Date();
    this.write('viewers', stream, () => this.repo.setViewers(stream, viewers, at));
  }

  /**
   * Portal shutdown: the idle sweep stops; the devices streaming to this node's embedded server stop (their stream goes
   * with it). Sessions on an external media server carry on: every other node (or this one again) answers for them.
   */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    await this.sweeping;
    await this.hookWrites;
    if (!this.media) return;
    try {
      const ended = await this.repo.endOwned(this.options.nodeId, new Date());
      await Promise.all(ended.map((row) => this.finish(row, 'shutdown')));
    } catch (err) {
      this.log.warn({ err }, 'live sessions not ended at shutdown');
    }
  }
}
