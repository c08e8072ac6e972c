import type { DriverTextBody, DriverTextShown } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { CommandError, type DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';

/** How long the operator waits for the device to show the text. */
const SHOWN_MS = 15_000;

/** Sends an operator's text to a device's screen and answers once the device showed it. */
export class DriverTextService {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(principal: Principal, { deviceId, text, readAloud }: DriverTextBody): Promise<DriverTextShown> {
    const [found] = await this.db
      .select({ id: device.id, uuid: device.deviceUuid, online: device.online })
      .from(device)
      .where(and(inScope(principal, device), eq(device.id, deviceId)));
    if (!found) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    if (!found.online || !this.devices.reaches(found.uuid))
      throw new AppError('DEVICE_STATE_ERROR', 'offline', { deviceId, online: false });
    try {
      await this.devices.send(found.uuid, 'driverText', { text: text.trim(), readAloud: readAloud ?? false }, SHOWN_MS);
    } catch (err) {
      // A refusal names why (e.g. a device without a screen); no answer is worth trying again.
      if (err instanceof CommandError && err.ack)
        throw new AppError('DEVICE_STATE_ERROR', err.ack.error ?? 'refused', { deviceId, refused: err.ack.error });
      this.log.info({ err, deviceId }, 'driver text not answered');
      throw new AppError('ACTION_FAIL_RETRY');
    }
    return { deviceId, shownAt: Date.now() };
  }
}
