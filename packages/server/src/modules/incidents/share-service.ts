import {
  canCall,
  type IncidentType,
  type MapConfig,
  type PublicIncidentList,
  pathTo,
  RESOURCE_URL_TTL_MS,
  type Role,
  type ShareLink,
  shareApi,
} from '@safety-shield/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { GrantSigner, type ObjectSigner } from '../../storage/signed-urls.js';
import { shareLinkId } from './access-log.js';
import { signedResourceUrl } from './evidence-files.js';
import { triggerReading } from './repo.js';
import { findSharer, lockShareable, recordShared, sharedIncidents, storedResourcesOf } from './share-repo.js';

/** What a share link grants: these incidents, until `exp`, as the account `by` (of company `companyId`) could see them. */
export interface ShareGrant {
  ids: number[];
  exp: number;
  by: number;
  companyId: number | null;
}

const DAY_MS = 86_400_000;

export const shareSigner = (secretKey: Buffer) => new GrantSigner<ShareGrant>(secretKey, 'safety-shield/share/v1');

/** The incidents a link shares: each once, in id order. */
export const shareIds = (incidentIds: number[]) => [...new Set(incidentIds)].sort((a, b) => a - b);

/**
 * Issue 6 share links: a signed grant of some incidents for 1–30 days; the public list opens exactly those (live
 * ones only) with short-lived evidence URLs. Stateless: a link is revoked by its expiry, by deleting the incidents,
 * or by disabling the account that shared it.
 */
export class ShareService {
  private readonly signer: GrantSigner<ShareGrant>;

  constructor(
    private readonly db: Db,
    secretKey: Buffer,
    private readonly objectSigner: ObjectSigner,
    private readonly map: MapConfig,
  ) {
    this.signer = shareSigner(secretKey);
  }

  /** A link to some incidents (`shareIds`) for `days`: all or none, an incident out of scope fails the call like the other batches. */
  async create(principal: Principal, ids: number[], days: number): Promise<ShareLink> {
    const exp = Date.now() + days * DAY_MS;
    const token = this.signer.sign({ ids, exp, by: principal.accountId, companyId: principal.companyId });
    await this.db.transaction(async (tx) => {
      const found = await lockShareable(tx, principal, ids);
      if (found.length !== ids.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
      // One in the recycle bin cannot be shared.
      if (found.some((row) => !row.live)) throw new AppError('EVENT_NOT_EXIST');
      // The link's id names it in the views recorded through it.
      await recordShared(tx, ids, principal.username, { days, expireTime: exp, linkId: shareLinkId(token) });
    });
    return { url: pathTo('PublicIncidents', { query: { token } }), expireTime: exp };
  }

  /** The incidents a link opens, as its sharer could see them today, with short-lived evidence URLs. */
  async publicList(token: string): Promise<PublicIncidentList> {
    const grant = this.signer.verify(token);
    if (!grant || !Array.isArray(grant.ids) || !grant.ids.every((id) => Number.isInteger(id))) {
      throw new AppError('PERMISSION_TOKEN_FAIL');
    }
    const sharer = await this.sharerOf(grant);
    if (!sharer) throw new AppError('PERMISSION_TOKEN_FAIL');
    const ids = grant.ids.slice(0, 100);
    const rows = ids.length === 0 ? [] : await sharedIncidents(this.db, sharer, ids, grant.companyId);
    const found = rows.map((r) => r.row.id);
    const resources = found.length === 0 ? [] : await storedResourcesOf(this.db, found);
    const now = Date.now();
    const resourceExpireTime = now + RESOURCE_URL_TTL_MS;
    const viewer = { accountId: null, username: null, role: null, shareLinkId: shareLinkId(token) };
    return {
      records: rows.map(({ row, tagName }) => ({
        eventId: row.id,
        type: row.type as IncidentType,
        tagName,
        licensePlate: row.licensePlate,
        ...triggerReading(row),
        resources: resources
          .filter((r) => r.incidentId === row.id && r.objectKey)
          .map((r) => ({
            resourceId: r.id,
            kind: r.kind,
            channel: r.channel,
            contentType: r.contentType,
            url: signedResourceUrl(
              this.objectSigner,
              { objectKey: r.objectKey ?? '', contentType: r.contentType },
              { ...viewer, eventId: row.id, resourceId: r.id, kind: r.kind, action: 'view' },
              now,
            ).url,
          })),
      })),
      expireTime: grant.exp,
      resourceExpireTime,
      map: this.map,
    };
  }

  /**
   * The sharer as a principal, so the public list shows only what that account could still see today: a disabled or
   * deleted sharer closes the link, an incident moved out of its organisation drops out.
   */
  private async sharerOf(grant: ShareGrant): Promise<Principal | null> {
    const row = await findSharer(this.db, grant.by);
    // Only an account that may still share keeps its links open.
    if (row?.state !== 'usable' || !canCall(row.role as Role, shareApi.create)) return null;
    return {
      accountId: row.id,
      username: row.username,
      role: row.role as Role,
      language: undefined,
      agentId: row.belongAgentId,
      companyId: row.belongCompanyId,
      fleetId: row.belongFleetId,
      siteId: row.belongSiteId,
      mustChangePassword: false,
      tokenHash: '',
      via: 'session',
      // A share link's reader never proved who it is.
      identifiedAt: null,
    };
  }
}
