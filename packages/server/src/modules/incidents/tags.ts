import { defaultTagKinds, type TagCreateBody, type TagRecord } from '@safety-shield/contract';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockRow } from '../../db/locks.js';
import { eventTag, incident } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope, seesEverything } from '../../http/scope.js';
import type { OrgService } from '../orgs/index.js';
import { defaultTag, defaultTagNames, ensureDefaultTags } from './default-tags.js';

const DEFAULT_HOLD_DAYS = 90;

/** Incident tags per company (SPEC sections 3 and 4): receive switches, hold days, the defaults and their restore. */
export class TagService {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgService,
  ) {}

  /** The company whose tags a call is about: a company's own users name none; wider roles name one they see. */
  async companyOf(principal: Principal, companyId: number | undefined): Promise<number> {
    const id = companyId ?? principal.companyId;
    if (id === null || id === undefined) throw new AppError('PARAM_CHECK_FAIL', 'companyId', { field: 'companyId' });
    await this.orgs.visible(this.db, principal, 'company', id);
    return id;
  }

  /** Tags of one company, or (Super and Agent Admins naming none) of every company in scope. */
  async list(principal: Principal, companyId: number | undefined): Promise<TagRecord[]> {
    let where: SQL | undefined;
    if (companyId === undefined && (seesEverything(principal) || principal.role === 'AGENT_ADMIN')) where = inScope(principal, eventTag);
    else {
      // An account below its company (a Fleet Admin) reads its own company's tags, which its incidents carry.
      const own =
        principal.role === 'FLEET_ADMIN' && principal.companyId !== null && (companyId === undefined || companyId === principal.companyId);
      const id = own ? (principal.companyId as number) : await this.companyOf(principal, companyId);
      await ensureDefaultTags(this.db, id);
      where = eq(eventTag.belongCompanyId, id);
    }
    const rows = await this.db
      .select({
        row: eventTag,
        companyName: orgName(eventTag.belongCompanyId),
        incidentCount: sql<number>`(select count(*) from incident i where i.tag_id = ${qualified(eventTag.id)})`.mapWith(Number),
      })
      .from(eventTag)
      .where(where)
      .orderBy(asc(eventTag.belongCompanyId), sql`${eventTag.defaultKind} is null`, asc(eventTag.defaultKind), asc(eventTag.name));
    return rows.map(({ row, companyName, incidentCount }) => ({
      tagId: row.id,
      tagName: row.name,
      companyId: row.belongCompanyId ?? 0,
      companyName,
      defaultKind: row.defaultKind,
      receiveIncident: row.receiveIncident,
      receiveVideo: row.receiveVideo,
      holdDays: row.holdDays,
      notifyEmail: row.notifyEmail,
      incidentCount,
    }));
  }

  /** A tag the caller may manage (it sees the tag's company), locked. */
  private async locked(tx: Db, principal: Principal, tagId: number) {
    const row = await lockRow(tx, eventTag, tagId, inScope(principal, eventTag));
    if (!row) throw outOfScope(principal, 'EVENT_TAG_NOT_EXIST');
    return row;
  }

  async create(principal: Principal, { companyId, tagName }: TagCreateBody): Promise<{ id: number }> {
    const id = await this.companyOf(principal, companyId);
    const company = await this.orgs.visible(this.db, principal, 'company', id);
    return this.guardName(async () => {
      const [row] = await this.db
        .insert(eventTag)
        .values({ name: tagName.trim(), belongAgentId: company.belongAgentId, belongCompanyId: id })
        .returning({ id: eventTag.id });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      return row;
    });
  }

  async rename(principal: Principal, tagId: number, tagName: string): Promise<void> {
    await this.guardName(() =>
      this.db.transaction(async (tx) => {
        await this.locked(tx, principal, tagId);
        await tx.update(eventTag).set({ name: tagName.trim() }).where(eq(eventTag.id, tagId));
      }),
    );
  }

  async set(
    principal: Principal,
    tagId: number,
    change: Partial<Pick<typeof eventTag.$inferInsert, 'receiveIncident' | 'receiveVideo' | 'holdDays' | 'notifyEmail'>>,
  ) {
    await this.db.transaction(async (tx) => {
      await this.locked(tx, principal, tagId);
      await tx.update(eventTag).set(change).where(eq(eventTag.id, tagId));
    });
  }

  /** A company's own tag goes; its incidents move to the company's General tag. Default tags stay. */
  async remove(principal: Principal, tagId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, principal, tagId);
      if (row.defaultKind !== null || row.belongCompanyId === null) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
      const general = await defaultTag(tx, row.belongCompanyId, 'general');
      await tx
        .update(incident)
        .set({ tagId: general?.id ?? null })
        .where(eq(incident.tagId, tagId));
      await tx.delete(eventTag).where(eq(eventTag.id, tagId));
    });
  }

  /** `/v1/event/tag/restore`: the three defaults again as they came (names, receiving, hold days); own tags stay. */
  async restoreDefaults(principal: Principal, companyId: number | undefined): Promise<void> {
    const id = await this.companyOf(principal, companyId);
    await this.guardName(() =>
      this.db.transaction(async (tx) => {
        await ensureDefaultTags(tx, id);
        for (const kind of defaultTagKinds) {
          await tx
            .update(eventTag)
            .set({
              name: defaultTagNames[kind],
              receiveIncident: true,
              receiveVideo: true,
              holdDays: DEFAULT_HOLD_DAYS,
              notifyEmail: kind === 'emergency',
            })
            .where(and(eq(eventTag.belongCompanyId, id), eq(eventTag.defaultKind, kind), isNotNull(eventTag.defaultKind)));
        }
      }),
    );
  }

  private async guardName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PARAM_CHECK_FAIL', 'tagName', { field: 'tagName' });
      throw error;
    }
  }
}
