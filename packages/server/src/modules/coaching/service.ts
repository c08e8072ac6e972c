import type {
  CoachBody,
  CoachingDismissBody,
  CoachingFigures,
  CoachingFiguresQuery,
  CoachingInfo,
  CoachingMarkBody,
  CoachingMarked,
  CoachingQueueQuery,
  CoachingRecord,
  CoachingReopenBody,
  Page,
} from '@safety-shield/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockRow } from '../../db/locks.js';
import { incident, incidentCoaching } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { checkIncidentVisible } from '../incidents/index.js';
import { coachingFigures } from './figures.js';
import { checkOrgFilters, coachingOf, coachingQueue, toCoachingInfo, writeCoachingHistory } from './repo.js';

/** A note a caller writes, trimmed; blank is none. */
const noteOf = (text: string | null | undefined) => text?.trim() || null;

/**
 * Issue 19: none → needsCoaching (a reviewed, live incident) → coached (note) or dismissed (reason); a closed one may
 * be reopened, which marks it anew. Every step is a line in the incident's history and, through the endpoint's
 * `audit`, in the operation log.
 */
export class CoachingService {
  constructor(private readonly db: Db) {}

  async queue(principal: Principal, query: CoachingQueueQuery): Promise<Page<CoachingRecord>> {
    await checkOrgFilters(this.db, principal, query);
    return coachingQueue(this.db, principal, query);
  }

  async info(principal: Principal, incidentId: number): Promise<CoachingInfo> {
    await checkIncidentVisible(this.db, principal, incidentId);
    return toCoachingInfo(incidentId, await coachingOf(this.db, incidentId));
  }

  /** For the statistics: see figures.ts. */
  figures(principal: Principal, query: CoachingFiguresQuery): Promise<CoachingFigures> {
    return coachingFigures(this.db, principal, query);
  }

  /**
   * All or none: an incident the caller may not see fails the call like a missing one; one in the recycle bin is
   * EVENT_NOT_EXIST; one not reviewed, or already coached or dismissed (reopen it instead), EVENT_STATE_ERROR.
   */
  async mark(principal: Principal, { eventId: incidentIds, note }: CoachingMarkBody): Promise<CoachingMarked> {
    const ids = [...new Set(incidentIds)];
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: incident.id,
          reviewState: incident.reviewState,
          deletedAt: incident.deletedAt,
          belongAgentId: incident.belongAgentId,
          belongCompanyId: incident.belongCompanyId,
          belongFleetId: incident.belongFleetId,
        })
        .from(incident)
        .where(and(inScope(principal, incident), inArray(incident.id, ids)))
        .orderBy(incident.id)
        .for('update');
      if (found.length !== ids.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
      if (found.some((row) => row.deletedAt !== null)) throw new AppError('EVENT_NOT_EXIST');
      if (found.some((row) => row.reviewState !== 'reviewed')) throw new AppError('EVENT_STATE_ERROR', 'not reviewed');
      const existing = await tx
        .select({ id: incidentCoaching.incidentId, state: incidentCoaching.state })
        .from(incidentCoaching)
        .where(inArray(incidentCoaching.incidentId, ids));
      if (existing.some((row) => row.state !== 'needsCoaching')) throw new AppError('EVENT_STATE_ERROR', 'closed');
      const waiting = new Set(existing.map((row) => row.id));
      const fresh = found.filter((row) => !waiting.has(row.id));
      const markNote = noteOf(note);
      if (fresh.length > 0) {
        const markedAt = new Date();
        await tx.insert(incidentCoaching).values(
          fresh.map((row) => ({
            incidentId: row.id,
            state: 'needsCoaching' as const,
            markedById: principal.accountId,
            markedByName: principal.username,
            markedAt,
            markNote,
            belongAgentId: row.belongAgentId,
            belongCompanyId: row.belongCompanyId,
            belongFleetId: row.belongFleetId,
          })),
        );
      }
      await writeCoachingHistory(
        tx,
        principal,
        fresh.map((row) => row.id),
        'coachingMarked',
        markNote ? { note: markNote } : null,
      );
      return { marked: fresh.length };
    });
  }

  coach(principal: Principal, { eventId: incidentId, note }: CoachBody): Promise<void> {
    return this.close(principal, incidentId, 'coached', note, 'note');
  }

  dismiss(principal: Principal, { eventId: incidentId, reason }: CoachingDismissBody): Promise<void> {
    return this.close(principal, incidentId, 'dismissed', reason, 'reason');
  }

  /** Back on the queue, marked by the caller now: time to coach counts from this mark. */
  async reopen(principal: Principal, { eventId: incidentId, note }: CoachingReopenBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.lockedCoaching(tx, principal, incidentId);
      if (row?.state !== 'coached' && row?.state !== 'dismissed') throw new AppError('EVENT_STATE_ERROR', 'not closed');
      const markNote = noteOf(note);
      await tx
        .update(incidentCoaching)
        .set({
          state: 'needsCoaching',
          markedById: principal.accountId,
          markedByName: principal.username,
          markedAt: new Date(),
          markNote,
          closedById: null,
          closedByName: null,
          closedAt: null,
          closingNote: null,
        })
        .where(eq(incidentCoaching.incidentId, incidentId));
      await writeCoachingHistory(tx, principal, [incidentId], 'coachingReopened', markNote ? { note: markNote } : null);
    });
  }

  /** Coached with a note or dismissed with a reason: only from needsCoaching (EVENT_STATE_ERROR otherwise). */
  private async close(principal: Principal, incidentId: number, state: 'coached' | 'dismissed', text: string, field: 'note' | 'reason') {
    const closingNote = noteOf(text);
    if (!closingNote) throw new AppError('PARAM_CHECK_FAIL', field, { field });
    await this.db.transaction(async (tx) => {
      const row = await this.lockedCoaching(tx, principal, incidentId);
      if (row?.state !== 'needsCoaching') throw new AppError('EVENT_STATE_ERROR', 'not waiting');
      await tx
        .update(incidentCoaching)
        .set({ state, closedById: principal.accountId, closedByName: principal.username, closedAt: new Date(), closingNote })
        .where(eq(incidentCoaching.incidentId, incidentId));
      await writeCoachingHistory(tx, principal, [incidentId], state === 'coached' ? 'coached' : 'coachingDismissed', {
        [field]: closingNote,
      });
    });
  }

  /** The incident (in scope, live) locked, then its coaching row, also locked. */
  private async lockedCoaching(tx: Db, principal: Principal, incidentId: number) {
    const found = await lockRow(tx, incident, incidentId, inScope(principal, incident));
    if (!found) throw outOfScope(principal, 'EVENT_NOT_EXIST');
    if (found.deletedAt) throw new AppError('EVENT_NOT_EXIST');
    return coachingOf(tx, incidentId, true);
  }
}
