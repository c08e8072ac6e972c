import { randomBytes } from 'node:crypto';
import type { ConfigSettings, DisplayPicture, PictureUpload, PictureUploadBody } from '@safety-shield/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceConfig } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { OBJECTS_PATH } from '../../storage/routes.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';

/** How long the console has to PUT a picture after `updatePicture`. */
const UPLOAD_MS = 15 * 60_000;
/** How long a device's and a viewer's link to a picture opens it. */
const DEVICE_LINK_MS = 24 * 3_600_000;
const VIEW_LINK_MS = 10 * 60_000;

const keyOf = (picture: Pick<DisplayPicture, 'id'>) => `device-picture/${picture.id}`;

/**
 * Devices' display pictures (`updatePicture`): stored once under a random id in the object store, named by a
 * configuration's `displayPicture`, fetched by the device through a signed link that comes with its `config`.
 */
export class DisplayPictures {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly signer: ObjectSigner,
    /** The portal's address as devices reach it. */
    private readonly publicUrl: () => string,
  ) {}

  /** A new picture's id and where the console PUTs its bytes (same origin: the console's own address). */
  slot({ contentType, size }: PictureUploadBody): PictureUpload {
    const picture = { id: randomBytes(16).toString('hex'), contentType, size };
    const expireTime = Date.now() + UPLOAD_MS;
    const token = this.signer.sign({ op: 'put', key: keyOf(picture), exp: expireTime, maxBytes: size, contentType });
    return { picture, uploadUrl: `${OBJECTS_PATH}/${token}`, expireTime };
  }

  /** A document may name only a picture that was uploaded whole (its size as announced). */
  async check(settings: ConfigSettings): Promise<void> {
    const picture = settings.displayPicture;
    if (!picture) return;
    const stored = await this.store.get(keyOf(picture));
    if (stored?.size !== picture.size) throw new AppError('PARAM_CHECK_FAIL', 'displayPicture', { field: 'displayPicture' });
  }

  /** The signed link a device fetches a document's picture from. */
  deviceLink(settings: ConfigSettings): string | undefined {
    const picture = settings.displayPicture;
    if (!picture) return undefined;
    const token = this.signer.sign({ op: 'get', key: keyOf(picture), exp: Date.now() + DEVICE_LINK_MS, contentType: picture.contentType });
    return `${this.publicUrl()}${OBJECTS_PATH}/${token}`;
  }

  /** A short link to look at a picture that a version of a device of the caller's scope names. */
  async viewLink(principal: Principal, deviceId: number, pictureId: string) {
    const [owner] = await this.db
      .select({ id: device.id })
      .from(device)
      .where(and(inScope(principal, device), eq(device.id, deviceId)));
    if (!owner) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    const [row] = await this.db
      .select({ type: sql<DisplayPicture['contentType']>`${deviceConfig.settings}->'displayPicture'->>'contentType'` })
      .from(deviceConfig)
      .where(and(eq(deviceConfig.deviceId, deviceId), sql`${deviceConfig.settings}->'displayPicture'->>'id' = ${pictureId}`))
      .limit(1);
    if (!row) throw new AppError('PARAM_CHECK_FAIL', 'pictureId', { field: 'pictureId' });
    const expireTime = Date.now() + VIEW_LINK_MS;
    const token = this.signer.sign({ op: 'get', key: keyOf({ id: pictureId }), exp: expireTime, contentType: row.type });
    return { url: `${OBJECTS_PATH}/${token}`, expireTime };
  }
}
