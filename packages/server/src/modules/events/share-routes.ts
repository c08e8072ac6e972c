import {
  canCall,
  type IncidentType,
  type MapConfig,
  RESOURCE_URL_TTL_MS,
  type Role,
  SHARE_PATH,
  shareApi,
  UPLOAD_RECEIVED,
} from '@safety-shield/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { account, incident, incidentHistory, incidentResource } from '../../db/schema.js';
import { qualified } from '../../db/subqueries.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { GrantSigner, type ObjectSigner } from '../../storage/signed-urls.js';
import { auditTarget } from '../logs/recorder.js';
import { signedResourceUrl } from './evidence-files.js';

/** What a share link grants: these incidents, until `exp`, as the account `by` (of company `companyId`) could see them. */
export interface ShareGrant {
  ids: number[];
  exp: number;
  by: number;
  companyId: number | null;
}

const DAY_MS = 86_400_000;

export const shareSigner = (secretKey: Buffer) => new GrantSigner<ShareGrant>(secretKey, 'safety-shield/share/v1');

/**
 * The sharer as a principal, so the public list shows only what that account could still see today: a disabled or
 * deleted sharer closes the link, an incident moved out of its organisation drops out.
 */
async function sharerOf(db: Db, grant: ShareGrant): Promise<Principal | null> {
  const [row] = await db.select().from(account).where(eq(account.id, grant.by));
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
  };
}

/**
 * Issue 6 share links: `POST /v2/event/share` signs a grant of some incidents for 1–30 days; the public
 * `GET /v2/event/public/list` opens exactly those (live ones only) with short-lived evidence URLs. Stateless: a link
 * is revoked by its expiry, by deleting the incidents, or by disabling the account that shared it.
 */
export const shareRoutes: FastifyPluginAsync<{
  db: Db;
  secretKey: Buffer;
  objectSigner: ObjectSigner;
  map: MapConfig;
}> = async (app, { db, secretKey, objectSigner, map }) => {
  const signer = shareSigner(secretKey);

  serve(app, shareApi, {
    create: async (req) => {
      const principal = principalOf(req);
      const ids = [...new Set(req.body.eventId)].sort((a, b) => a - b);
      const { days } = req.body;
      auditTarget(req, ids.join(','));
      const exp = Date.now() + days * DAY_MS;
      // All or none: an incident out of scope fails the call like the other batches; one in the bin cannot be shared.
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: incident.id, live: sql<boolean>`${incident.deletedAt} is null` })
          .from(incident)
          .where(and(inScope(principal, incident), inArray(incident.id, ids)))
          .orderBy(incident.id)
          .for('update');
        if (found.length !== ids.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
        if (found.some((row) => !row.live)) throw new AppError('EVENT_NOT_EXIST');
        await tx
          .insert(incidentHistory)
          .values(
            ids.map((incidentId) => ({ incidentId, action: 'shared', username: principal.username, detail: { days, expireTime: exp } })),
          );
      });
      const token = signer.sign({ ids, exp, by: principal.accountId, companyId: principal.companyId });
      return { url: `${SHARE_PATH}?token=${encodeURIComponent(token)}`, expireTime: exp };
    },

    publicList: async (req) => {
      const grant = signer.verify(req.query.token);
      if (!grant || !Array.isArray(grant.ids) || !grant.ids.every((id) => Number.isInteger(id))) {
        throw new AppError('PERMISSION_TOKEN_FAIL');
      }
      const sharer = await sharerOf(db, grant);
      if (!sharer) throw new AppError('PERMISSION_TOKEN_FAIL');
      const ids = grant.ids.slice(0, 100);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({
                row: incident,
                tagName: sql<string | null>`(select t.name from event_tag t where t.id = ${qualified(incident.tagId)})`,
              })
              .from(incident)
              .where(
                and(
                  inArray(incident.id, ids),
                  isNull(incident.deletedAt),
                  inScope(sharer, incident),
                  grant.companyId === null ? undefined : eq(incident.belongCompanyId, grant.companyId),
                ),
              )
              .orderBy(sql`${incident.triggerAt} desc`, sql`${incident.id} desc`);
      const found = rows.map((r) => r.row.id);
      const resources =
        found.length === 0
          ? []
          : await db
              .select()
              .from(incidentResource)
              .where(
                and(
                  inArray(incidentResource.incidentId, found),
                  isNotNull(incidentResource.objectKey),
                  gte(incidentResource.state, UPLOAD_RECEIVED),
                ),
              )
              .orderBy(asc(incidentResource.channel), asc(incidentResource.kind), asc(incidentResource.id));
      const now = Date.now();
      const resourceExpireTime = now + RESOURCE_URL_TTL_MS;
      return {
        records: rows.map(({ row, tagName }) => ({
          eventId: row.id,
          type: row.type as IncidentType,
          tagName,
          licensePlate: row.licensePlate,
          speed: row.speed,
          triggerTime: row.triggerAt.getTime(),
          deviceTime: epochMs(row.deviceAt),
          localTime: row.localTime,
          lat: row.lat,
          lng: row.lng,
          resources: resources
            .filter((r) => r.incidentId === row.id && r.objectKey)
            .map((r) => ({
              resourceId: r.id,
              kind: r.kind,
              channel: r.channel,
              contentType: r.contentType,
              url: signedResourceUrl(objectSigner, { objectKey: r.objectKey ?? '', contentType: r.contentType }, now).url,
            })),
        })),
        expireTime: grant.exp,
        resourceExpireTime,
        map,
      };
    },
  });
};
