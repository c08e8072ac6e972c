import { randomBytes } from 'node:crypto';
import {
  DVR_PLAY_MAX_MS,
  DVR_UPLOAD_MAX_MS,
  type DvrIndex,
  type DvrIndexQuery,
  type DvrSegment,
  type DvrSpanBody,
  type DvrUpload,
  type LiveSession,
} from '@safety-shield/contract';
import { and, asc, between, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, incident, vehicle } from '../../db/schema.js';
import { belongingTo, chainColumns } from '../../db/subqueries.js';
import type { CommandAck, DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { type EvidenceRequestService, recordClipTask, toTask } from '../incidents/index.js';
import type { LiveService } from '../live/index.js';
import { visibleVehicles } from '../vehicles/index.js';

/** How long the device has to answer `dvrIndex`. */
const INDEX_TIMEOUT_MS = 10_000;

const isSegment = (value: unknown): value is DvrSegment =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as DvrSegment).start) &&
  Number.isInteger((value as DvrSegment).end) &&
  (value as DvrSegment).end > (value as DvrSegment).start;

/**
 * DVR recordings (`/dvr/{licensePlate}`): the device's recording index (`dvrIndex`), playback as a live session with a
 * `playback` span, and upload of a span as evidence: an evidence task of kind `clip` under an incident of the vehicle
 * within the span, else under a new `dvrClip` incident the portal files.
 */
export class DvrService {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    private readonly live: LiveService,
    private readonly requests: EvidenceRequestService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The vehicle (in scope) and its device, or PERMISSION_CHECK_FAIL / VEHICLE_NOT_EXIST / DEVICE_NOT_EXIST. */
  private async targetOf(principal: Principal, licensePlate: string, channel: number) {
    const [car] = await this.db
      .select({ id: vehicle.id, licensePlate: vehicle.licensePlate })
      .from(vehicle)
      .where(and(eq(vehicle.licensePlate, licensePlate), visibleVehicles(principal)))
      .limit(1);
    if (!car) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
    const [dev] = await this.db
      .select({
        id: device.id,
        uuid: device.deviceUuid,
        channels: device.channels,
        online: device.online,
        ...chainColumns(device),
      })
      .from(device)
      .where(eq(device.vehicleId, car.id))
      .orderBy(asc(device.id))
      .limit(1);
    if (!dev) throw new AppError('DEVICE_NOT_EXIST');
    if (channel > dev.channels) throw new AppError('PARAM_CHECK_FAIL', 'channel', { field: 'channel' });
    return { vehicle: car, device: dev };
  }

  async index(principal: Principal, query: DvrIndexQuery): Promise<DvrIndex> {
    if (Number.isNaN(Date.parse(`${query.day}T00:00:00Z`))) throw new AppError('PARAM_CHECK_FAIL', 'day', { field: 'day' });
    const target = await this.targetOf(principal, query.licensePlate, query.channel);
    if (!target.device.online) throw new AppError('DEVICE_LIVE_STATE_FAIL');
    if (!this.devices.reaches(target.device.uuid)) throw new AppError('DEVICE_LIVE_FAIL');
    let ack: CommandAck;
    try {
      ack = await this.devices.send(target.device.uuid, 'dvrIndex', { channel: query.channel, day: query.day }, INDEX_TIMEOUT_MS);
    } catch (err) {
      this.log.info({ err, device: target.device.uuid }, 'dvrIndex refused or not acknowledged');
      throw new AppError('DEVICE_LIVE_FAIL');
    }
    const raw = ack.result?.segments;
    const segments = Array.isArray(raw) ? raw.filter(isSegment).map(({ start, end }) => ({ start, end })) : [];
    return {
      licensePlate: target.vehicle.licensePlate,
      deviceId: target.device.id,
      channel: query.channel,
      channels: target.device.channels,
      day: query.day,
      segments: segments.sort((a, b) => a.start - b.start),
    };
  }

  private span(body: DvrSpanBody, max: number) {
    if (body.end <= body.start) throw new AppError('PARAM_CHECK_FAIL', 'end', { field: 'end' });
    if (body.end - body.start > max) throw new AppError('PARAM_CHECK_FAIL', 'end', { field: 'end' });
    if (body.start > Date.now()) throw new AppError('PARAM_CHECK_FAIL', 'start', { field: 'start' });
  }

  /** Playback: a live session of the recorded span (the device burns the recorded time in and stops at the end). */
  async play(principal: Principal, body: DvrSpanBody): Promise<LiveSession> {
    this.span(body, DVR_PLAY_MAX_MS);
    const target = await this.targetOf(principal, body.licensePlate, body.channel);
    return this.live.start(principal, { vehicleId: target.vehicle.id, channel: body.channel }, { start: body.start, end: body.end });
  }

  /** Upload as evidence: one clip task (state `waiting`, sent at once when the device is online). */
  async upload(principal: Principal, body: DvrSpanBody): Promise<DvrUpload> {
    this.span(body, DVR_UPLOAD_MAX_MS);
    const target = await this.targetOf(principal, body.licensePlate, body.channel);
    const dev = target.device;
    const result = await this.db.transaction(async (tx) => {
      const [natural] = await tx
        .select({ id: incident.id })
        .from(incident)
        .where(
          and(
            eq(incident.deviceId, dev.id),
            isNull(incident.deletedAt),
            between(incident.triggerAt, new Date(body.start), new Date(body.end)),
          ),
        )
        .orderBy(asc(incident.triggerAt))
        .limit(1);
      let incidentId = natural?.id;
      if (incidentId === undefined) {
        const [filed] = await tx
          .insert(incident)
          .values({
            deviceId: dev.id,
            messageId: `dvr-${randomBytes(8).toString('hex')}`,
            deviceUuid: dev.uuid,
            vehicleId: target.vehicle.id,
            licensePlate: target.vehicle.licensePlate,
            type: 'dvrClip',
            description: `DVR ${new Date(body.start).toISOString()} – ${new Date(body.end).toISOString()}`,
            triggerAt: new Date(body.start),
            channel: body.channel,
            ...belongingTo(dev),
          })
          .returning({ id: incident.id });
        if (!filed) throw new AppError('ACTION_FAIL_RETRY');
        incidentId = filed.id;
      }
      const clip = await recordClipTask(tx, principal, { id: incidentId, deviceUuid: dev.uuid }, body);
      return { eventId: incidentId, created: natural === undefined, task: toTask(clip) };
    });
    // Sends the waiting task now (the same path as a device's hello); an offline device gets it at its next hello.
    if (dev.online) await this.requests.hello(dev.uuid);
    return result;
  }
}
