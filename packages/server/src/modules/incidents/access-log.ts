/** Issue 15: every view and download of incident evidence, recorded without slowing or failing the download. */
import { createHash } from 'node:crypto';
import { type EvidenceAccessRecord, type Page, RESOURCE_URL_TTL_MS } from '@safety-shield/contract';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { inBatches, type Paging, rowsPage } from '../../db/paging.js';
import { evidenceAccess, incident } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import type { AccessGrant } from '../../storage/signed-urls.js';

/** Who reached the evidence: an account as it is now (kept as it was then), or a share link. */
export type Viewer = Pick<AccessGrant, 'accountId' | 'username' | 'role' | 'shareLinkId'>;

export const viewerOf = (principal: Principal): Viewer => ({
  accountId: principal.accountId,
  username: principal.username,
  role: principal.role,
  shareLinkId: null,
});

/** A share link's id: a short hash of its token, named in the `shared` history line and in each view through it. */
export const shareLinkId = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 12);

type Access = Viewer & Pick<typeof evidenceAccess.$inferInsert, 'resourceId' | 'kind' | 'action' | 'ip'>;

/** One line per incident among `incidentIds` that still exists, carrying the incident's chain (one statement). */
function insertAccess(db: Db, access: Access, incidentIds: number[]) {
  return db.execute(sql`
    insert into ${evidenceAccess} (account_id, username, role, share_link_id, incident_id, resource_id, kind, action, ip,
      belong_agent_id, belong_company_id, belong_fleet_id)
    select ${access.accountId}::integer, ${access.username}::text, ${access.role}::text, ${access.shareLinkId}::text,
      ${incident.id}, ${access.resourceId ?? null}::bigint, ${access.kind}::text, ${access.action}::text, ${access.ip ?? null}::text,
      ${incident.belongAgentId}, ${incident.belongCompanyId}, ${incident.belongFleetId}
    from ${incident}
    where ${inArray(incident.id, incidentIds)}`);
}

/**
 * Records evidence access in the background. A player fetches a file from its start again when its URL is renewed,
 * it loops or seeks back, so a file served from its start to the same viewer and address within the URL lifetime of
 * the last such fetch continues that view (per node) instead of counting another.
 */
export class EvidenceAccessLog {
  /** Viewer, address and file → when it was last served from its start, oldest first. */
  private readonly recent = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = RESOURCE_URL_TTL_MS,
  ) {}

  /** The object store served a file from its first byte under a grant that names its viewer. */
  served(grant: AccessGrant, ip: string, now = Date.now()): void {
    const key = JSON.stringify([grant.accountId, grant.shareLinkId, ip, grant.resourceId, grant.action]);
    const last = this.recent.get(key);
    this.recent.delete(key);
    this.recent.set(key, now);
    this.forgetBefore(now - this.windowMs);
    if (last !== undefined && now - last < this.windowMs) return;
    const { eventId, resourceId, kind, action, ...viewer } = grant;
    this.write({ ...viewer, resourceId, kind, action, ip }, [eventId]);
  }

  /** A zip of these incidents' evidence started to go out. */
  zipped(principal: Principal, ip: string, incidentIds: number[]): void {
    this.write({ ...viewerOf(principal), resourceId: null, kind: 'zip', action: 'download', ip }, incidentIds);
  }

  /** Resolves when every record begun so far is written (or failed): the app waits for it when it closes. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private write(access: Access, incidentIds: number[]) {
    const job = insertAccess(this.db, access, incidentIds).then(
      () => undefined,
      (error: unknown) => this.log.error({ err: error }, 'evidence access record failed'),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private forgetBefore(cutoff: number) {
    for (const [key, at] of this.recent) {
      if (at >= cutoff) return;
      this.recent.delete(key);
    }
  }
}

const toRecord = (row: typeof evidenceAccess.$inferSelect): EvidenceAccessRecord => ({
  id: row.id,
  time: row.at.getTime(),
  accountId: row.accountId,
  username: row.username,
  role: row.role,
  shareLinkId: row.shareLinkId,
  resourceId: row.resourceId,
  kind: row.kind,
  action: row.action,
  ip: row.ip,
});

const ofIncident = (incidentId: number): SQL => eq(evidenceAccess.incidentId, incidentId);

/** A page of an incident's access list (the caller was checked to see the incident), newest first. */
export function accessPage(db: Db, incidentId: number, paging: Paging): Promise<Page<EvidenceAccessRecord>> {
  return rowsPage(db, evidenceAccess, ofIncident(incidentId), [desc(evidenceAccess.at), desc(evidenceAccess.id)], paging, toRecord);
}

/** An incident's whole access list, newest first, a batch at a time (for its export). */
export async function* accessBatches(db: Db, incidentId: number): AsyncGenerator<EvidenceAccessRecord[]> {
  const select = (below: SQL | undefined) =>
    db
      .select()
      .from(evidenceAccess)
      .where(below ? sql`${ofIncident(incidentId)} and ${below}` : ofIncident(incidentId))
      .$dynamic();
  for await (const rows of inBatches(evidenceAccess.id, select, (row) => row.id)) yield rows.map(toRecord);
}
