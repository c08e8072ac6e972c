import {
  type ClauseConsentBody,
  type ClauseConsentRecord,
  type ClauseCreateBody,
  type ClauseListQuery,
  type ClauseLogQuery,
  type ClauseRecord,
  type ClauseUpdateBody,
  type Page,
  type PendingClause,
  type Role,
  roleRank,
} from '@safety-shield/contract';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clause, clauseConsent } from '../../db/schema.js';
import { belongingTo, qualified } from '../../db/subqueries.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope, seesEverything } from '../../http/scope.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';

import { applyingTo, type ClauseRow, findActive, latestConsent, listClauses, listConsents, toRecord } from './repo.js';

interface Unfinished {
  own: boolean;
  organisation: boolean;
}

/** The roles a platform-wide clause asks; an area supplier's clause asks those below the Agent Admin. */
const PLATFORM_SUBJECTS: readonly Role[] = ['AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'];
const agentSubject = (role: Role) => PLATFORM_SUBJECTS.includes(role) && roleRank[role] > roleRank.AGENT_ADMIN;

/**
 * Authorization terms (issue 4): Super and Agent Admins write clauses; a must-check clause blocks every call of the
 * accounts it asks (USER_CLAUSE_NO_FINISH) until they agree, the organisation ones until their Company Admin agrees.
 */
export class ClauseService {
  /** Which must-check clauses wait for an account: asked on every request, so kept in memory briefly. */
  private readonly waiting = new TtlCache<number, Unfinished>(NODE_CACHE_MS);

  constructor(private readonly db: Db) {}

  /** The clauses the caller must see now: its own, and (for a Company Admin) the company's. */
  async pending(principal: Principal, mustCheckOnly = false): Promise<PendingClause[]> {
    const own = this.ownClauses(principal);
    const rows: { row: ClauseRow; state: 'agreed' | 'cancelled' | null; place: 'self' | 'organisation' }[] = [];
    if (own) {
      const found = await this.db
        .select({ row: clause, state: latestConsent(qualified(clause.id), { accountId: principal.accountId }) })
        .from(clause)
        .where(and(own, eq(clause.placeType, 'self'), mustCheckOnly ? eq(clause.mustCheck, true) : undefined))
        .orderBy(desc(clause.createdAt));
      rows.push(...found.map((f) => ({ ...f, place: 'self' as const })));
    }
    if (principal.role === 'COMPANY_ADMIN' && principal.companyId !== null) {
      const found = await this.db
        .select({ row: clause, state: latestConsent(qualified(clause.id), { companyId: principal.companyId }) })
        .from(clause)
        .where(
          and(applyingTo(principal.agentId), eq(clause.placeType, 'organisation'), mustCheckOnly ? eq(clause.mustCheck, true) : undefined),
        )
        .orderBy(desc(clause.createdAt));
      rows.push(...found.map((f) => ({ ...f, place: 'organisation' as const })));
    }
    return rows.filter((r) => r.state !== 'agreed').map((r) => ({ clause: toRecord(r.row), placeType: r.place, state: r.state }));
  }

  /** SPEC section 2: an unfinished own clause, or a Company Admin's unfinished organisation clause. */
  async unfinished(principal: Principal): Promise<Unfinished> {
    const cached = this.waiting.get(principal.accountId);
    if (cached) return cached;
    const pending = await this.pending(principal, true);
    const unfinished = {
      own: pending.some((p) => p.placeType === 'self'),
      organisation: pending.some((p) => p.placeType === 'organisation'),
    };
    this.waiting.set(principal.accountId, unfinished);
    return unfinished;
  }

  /** Refuses every call but the few that lead to the clause while a must-check clause waits. */
  async gate(principal: Principal): Promise<void> {
    const { own, organisation } = await this.unfinished(principal);
    if (own || organisation) throw new AppError('USER_CLAUSE_NO_FINISH');
  }

  /** A page of the active clauses the caller may read, newest first. */
  list(principal: Principal, query: ClauseListQuery): Promise<Page<ClauseRecord>> {
    return listClauses(this.db, this.readable(principal), query);
  }

  /** Each subject's newest consent per clause, in the caller's scope. */
  states(principal: Principal, query: ClauseLogQuery): Promise<Page<ClauseConsentRecord>> {
    return listConsents(this.db, principal, query, true);
  }

  /** Every consent line in the caller's scope, newest first. */
  log(principal: Principal, query: ClauseLogQuery): Promise<Page<ClauseConsentRecord>> {
    return listConsents(this.db, principal, query, false);
  }

  async info(principal: Principal, clauseId: number): Promise<ClauseRecord> {
    const row = await findActive(this.db, this.readable(principal), clauseId);
    if (!row) throw new AppError('CLAUSE_NOT_EXIST');
    return toRecord(row);
  }

  async create(principal: Principal, body: ClauseCreateBody): Promise<{ clauseId: number }> {
    const [row] = await this.db
      .insert(clause)
      .values({ ...body, authorRole: principal.role, createdBy: principal.accountId, belongAgentId: this.authorAgent(principal) })
      .returning({ id: clause.id });
    if (!row) throw new AppError('ACTION_FAIL_RETRY');
    await this.db.update(clause).set({ originId: row.id }).where(eq(clause.id, row.id));
    this.waiting.clear();
    return { clauseId: row.id };
  }

  /** A new version replaces the old one; consents to the old one do not carry over. */
  async update(principal: Principal, { clauseId, ...fields }: ClauseUpdateBody): Promise<{ clauseId: number }> {
    const created = await this.db.transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(clause)
        .where(and(inScope(principal, clause), eq(clause.active, true), eq(clause.id, clauseId)))
        .for('update');
      if (!old) throw outOfScope(principal, 'CLAUSE_NOT_EXIST');
      await tx.update(clause).set({ active: false }).where(eq(clause.id, old.id));
      const [row] = await tx
        .insert(clause)
        .values({
          ...fields,
          originId: old.originId ?? old.id,
          version: old.version + 1,
          authorRole: principal.role,
          createdBy: principal.accountId,
          belongAgentId: old.belongAgentId,
        })
        .returning({ id: clause.id });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      return row.id;
    });
    this.waiting.clear();
    return { clauseId: created };
  }

  /** Retires a clause: it asks nobody any more; its log stays. */
  async retire(principal: Principal, clauseId: number): Promise<void> {
    const retired = await this.db
      .update(clause)
      .set({ active: false })
      .where(and(inScope(principal, clause), eq(clause.active, true), eq(clause.id, clauseId)))
      .returning({ id: clause.id });
    if (retired.length === 0) throw outOfScope(principal, 'CLAUSE_NOT_EXIST');
    this.waiting.clear();
  }

  /** Agree to or cancel a clause: one's own, or the company's as its Company Admin. Logged either way. */
  async consent(principal: Principal, { clauseId, state, localTime }: ClauseConsentBody): Promise<void> {
    const row = await findActive(this.db, applyingTo(principal.agentId), clauseId);
    if (!row) throw new AppError('CLAUSE_NOT_EXIST');
    if (row.placeType === 'self' && !this.asks(row, principal.role)) throw new AppError('CLAUSE_PLACE_NOT_EXIST');
    if (row.placeType === 'organisation' && (principal.role !== 'COMPANY_ADMIN' || principal.companyId === null)) {
      throw new AppError('CLAUSE_PLACE_NOT_EXIST');
    }
    await this.db.insert(clauseConsent).values({
      clauseId: row.id,
      accountId: principal.accountId,
      username: principal.username,
      companyId: row.placeType === 'organisation' ? principal.companyId : null,
      state,
      localTime: localTime ?? null,
      ...belongingTo(principal),
    });
    // A company's consent unblocks (or blocks) its Company Admins on every node within the cache window.
    this.waiting.clear();
  }

  /** Clauses the caller may read in the lists: Super Admin all; others their own area's and the platform's. */
  readable(principal: Principal): SQL {
    return seesEverything(principal) ? sql`true` : applyingTo(principal.agentId);
  }

  /** The active clauses that ask this account for itself. */
  private ownClauses(principal: Principal): SQL | undefined {
    const platform = PLATFORM_SUBJECTS.includes(principal.role) ? isNull(clause.belongAgentId) : undefined;
    const area = agentSubject(principal.role) && principal.agentId !== null ? eq(clause.belongAgentId, principal.agentId) : undefined;
    if (!platform && !area) return undefined;
    return and(eq(clause.active, true), or(platform, area));
  }

  private asks(row: ClauseRow, role: Role): boolean {
    return row.belongAgentId === null ? PLATFORM_SUBJECTS.includes(role) : agentSubject(role);
  }

  private authorAgent(principal: Principal): number | null {
    return principal.role === 'AGENT_ADMIN' ? principal.agentId : null;
  }
}
