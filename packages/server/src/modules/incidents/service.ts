import {
  type CommentBody,
  type CommentRecord,
  type EvidenceAccessRecord,
  type HistoryRecord,
  type IncidentDetail,
  type IncidentListQuery,
  type IncidentRecord,
  type Page,
  type ReviewBody,
  UPLOAD_RECEIVED,
} from '@safety-shield/contract';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockRow } from '../../db/locks.js';
import { eventTag, incident, incidentComment, incidentHistory, incidentResource } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { ViewCache } from '../../view-cache.js';
import { accessBatches, accessPage } from './access-log.js';
import {
  findIncident,
  findResource,
  incidentBatches,
  incidentHistoryOf,
  incidentHistoryPage,
  incidentVisible,
  listComments,
  listIncidents,
} from './repo.js';

type Tx = Db;
type PageQuery = { page: number; limit: number };

/** Reviewing, commenting, the recycle bin (SPEC section 4: unread → reviewed; soft delete, restore, delete forever). */
export class IncidentService {
  /** List totals per view and filters (a review or a move to or from the recycle bin here clears all). */
  readonly totals = new ViewCache<number>(100);

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  /** The live list or the recycle bin, counted once per view and filters for a few seconds. */
  async list(principal: Principal, query: IncidentListQuery, binned = false): Promise<Page<IncidentRecord>> {
    const { page: _page, limit: _limit, ...filters } = query;
    const key = { binned, filters };
    const result = await listIncidents(this.db, principal, query, binned, this.totals.get(principal, JSON.stringify(key)));
    this.totals.set(principal, JSON.stringify(key), result.total);
    return result;
  }

  /** One incident in the caller's scope, with its evidence, or PERMISSION_CHECK_FAIL / EVENT_NOT_EXIST. */
  async info(principal: Principal, incidentId: number): Promise<IncidentDetail> {
    const found = await findIncident(this.db, inScope(principal, incident), incidentId);
    if (!found) throw outOfScope(principal, 'EVENT_NOT_EXIST');
    return found;
  }

  /** Every incident of the filters in the caller's scope, a thousand at a time, for the export. */
  exportBatches(principal: Principal, filters: Omit<IncidentListQuery, 'page' | 'limit'>) {
    return incidentBatches(this.db, inScope(principal, incident), filters);
  }

  /** The reviews of an incident the caller sees, oldest first. */
  async reviewLog(principal: Principal, incidentId: number): Promise<HistoryRecord[]> {
    await this.visible(principal, incidentId);
    return incidentHistoryOf(this.db, incidentId, 'reviewed');
  }

  /** The whole history of an incident the caller sees, oldest first. */
  async history(principal: Principal, incidentId: number): Promise<HistoryRecord[]> {
    await this.visible(principal, incidentId);
    return incidentHistoryOf(this.db, incidentId);
  }

  /** A page of an incident's history, newest first. */
  async historyPage(principal: Principal, incidentId: number, page: PageQuery): Promise<Page<HistoryRecord>> {
    await this.visible(principal, incidentId);
    return incidentHistoryPage(this.db, incidentId, page);
  }

  /** A page of who viewed or downloaded an incident's evidence, newest first (issue 15). */
  async accessList(principal: Principal, incidentId: number, page: PageQuery): Promise<Page<EvidenceAccessRecord>> {
    await this.visible(principal, incidentId);
    return accessPage(this.db, incidentId, page);
  }

  /** The whole access list of an incident the caller sees, a batch at a time, for its export. */
  async accessBatches(principal: Principal, incidentId: number) {
    await this.visible(principal, incidentId);
    return accessBatches(this.db, incidentId);
  }

  /** A page of an incident's comments, newest first. */
  async comments(principal: Principal, incidentId: number, page: PageQuery): Promise<Page<CommentRecord>> {
    await this.visible(principal, incidentId);
    return listComments(this.db, incidentId, page);
  }

  /** A stored evidence file (state 4 and on) of an incident the caller sees, or EVENT_RESOURCE_NOT_EXIST. */
  async storedResource(
    principal: Principal,
    incidentId: number,
    resourceId: number,
  ): Promise<{ objectKey: string; contentType: string | null; kind: 'picture' | 'video' }> {
    await this.visible(principal, incidentId);
    const resource = await findResource(this.db, incidentId, resourceId);
    if (!resource?.objectKey || resource.state < UPLOAD_RECEIVED) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
    return { objectKey: resource.objectKey, contentType: resource.contentType, kind: resource.kind };
  }

  /** One incident in the caller's scope, locked, or PERMISSION_CHECK_FAIL / EVENT_NOT_EXIST. */
  private async locked(tx: Tx, principal: Principal, incidentId: number, alive = true) {
    const row = await lockRow(tx, incident, incidentId, and(inScope(principal, incident), alive ? isNull(incident.deletedAt) : undefined));
    if (!row) throw outOfScope(principal, 'EVENT_NOT_EXIST');
    return row;
  }

  private writeHistory(tx: Tx, principal: Principal, incidentIds: number[], action: string, detail?: unknown) {
    if (incidentIds.length === 0) return Promise.resolve();
    return tx
      .insert(incidentHistory)
      .values(incidentIds.map((incidentId) => ({ incidentId, action, username: principal.username, detail: detail ?? null })));
  }

  async review(principal: Principal, { eventId: incidentId, tagId }: ReviewBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, principal, incidentId);
      if (tagId !== undefined && tagId !== row.tagId) {
        const [tag] = await tx
          .select({ id: eventTag.id, name: eventTag.name })
          .from(eventTag)
          .where(and(eq(eventTag.id, tagId), eq(eventTag.belongCompanyId, row.belongCompanyId ?? -1)));
        if (!tag) throw new AppError('EVENT_TAG_NOT_EXIST');
        await tx.update(incident).set({ tagId }).where(eq(incident.id, incidentId));
        await this.writeHistory(tx, principal, [incidentId], 'retagged', { tagId, tagName: tag.name });
      }
      await tx
        .update(incident)
        .set({ reviewState: 'reviewed', reviewedAt: new Date(), reviewerId: principal.accountId, reviewerName: principal.username })
        .where(eq(incident.id, incidentId));
      await this.writeHistory(tx, principal, [incidentId], 'reviewed');
    });
    this.totals.forgetAll();
  }

  async comment(principal: Principal, { eventId: incidentId, body }: CommentBody): Promise<{ id: number }> {
    const text = body.trim();
    if (!text) throw new AppError('PARAM_CHECK_FAIL', 'body', { field: 'body' });
    return this.db.transaction(async (tx) => {
      await this.locked(tx, principal, incidentId);
      const [row] = await tx
        .insert(incidentComment)
        .values({ incidentId, accountId: principal.accountId, username: principal.username, body: text })
        .returning({ id: incidentComment.id });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      await this.writeHistory(tx, principal, [incidentId], 'commented');
      return row;
    });
  }

  /**
   * A batch acts on all of its incidents or none: one the caller may not see, or that is not where the action
   * expects it (live for delete, in the bin for restore and forever), fails the whole call.
   */
  private async batch(principal: Principal, ids: number[], where: SQL, act: (tx: Tx, ids: number[]) => Promise<unknown>, action: string) {
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: incident.id, ready: sql<boolean>`${where}` })
        .from(incident)
        .where(and(inScope(principal, incident), inArray(incident.id, unique)))
        .orderBy(incident.id)
        .for('update');
      if (found.length !== unique.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
      // Visible, but not where the action expects it (e.g. deleting forever what is not in the recycle bin).
      if (found.some((row) => !row.ready)) throw new AppError('EVENT_NOT_EXIST');
      if (action !== 'deletedForever') await this.writeHistory(tx, principal, unique, action);
      await act(tx, unique);
    });
    this.totals.forgetAll();
  }

  toRecycleBin(principal: Principal, ids: number[]) {
    return this.batch(
      principal,
      ids,
      isNull(incident.deletedAt),
      (tx, found) => tx.update(incident).set({ deletedAt: new Date() }).where(inArray(incident.id, found)),
      'deleted',
    );
  }

  restore(principal: Principal, ids: number[]) {
    return this.batch(
      principal,
      ids,
      isNotNull(incident.deletedAt),
      (tx, found) => tx.update(incident).set({ deletedAt: null }).where(inArray(incident.id, found)),
      'restored',
    );
  }

  /** Deleting forever takes comments, history and evidence rows along (cascade), and the stored files after the commit. */
  async deleteForever(principal: Principal, ids: number[]) {
    const keys: string[] = [];
    await this.batch(
      principal,
      ids,
      isNotNull(incident.deletedAt),
      async (tx, found) => {
        const files = await tx
          .select({ key: incidentResource.objectKey })
          .from(incidentResource)
          .where(and(inArray(incidentResource.incidentId, found), isNotNull(incidentResource.objectKey)));
        keys.push(...files.flatMap((file) => (file.key ? [file.key] : [])));
        await tx.delete(incident).where(inArray(incident.id, found));
      },
      'deletedForever',
    );
    for (const key of keys) await this.store.delete(key);
  }

  visible(principal: Principal, incidentId: number): Promise<void> {
    return checkIncidentVisible(this.db, principal, incidentId);
  }
}

/** Refuses an incident the caller may not see as a missing one is refused (EVENT_NOT_EXIST). */
export async function checkIncidentVisible(db: Db, principal: Principal, incidentId: number): Promise<void> {
  if (!(await incidentVisible(db, principal, incidentId))) throw outOfScope(principal, 'EVENT_NOT_EXIST');
}
