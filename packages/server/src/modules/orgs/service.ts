import {
  type CompanyNotification,
  type CompanySetting,
  type CompanySettingBody,
  EMAIL_PATTERN,
  type OrgCreateBody,
  type OrgKind,
  type OrgListQuery,
  type OrgOption,
  type OrgOptionsQuery,
  type OrgRecord,
  type OrgStateBody,
  type OrgUpdateBody,
  type Page,
  parentKind,
} from '@safety-shield/contract';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { org } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { checkedLogo } from './logo.js';
import { accountsBelow, findOrg, forbiddenInChain, hasDependants, listOrgs, type OrgRow, orgOptions } from './repo.js';

/** What forbidding an organisation needs of the sessions (the account module's, which sits above this one). */
export interface SessionRevoker {
  /** Ends every session and API token of the accounts the condition selects. */
  revokeAccounts(accounts: SQL): Promise<void>;
}

const DEFAULT_NOTIFICATION: CompanyNotification = { incidentEmails: true, dailySummary: false, recipients: [] };

/** The scope columns of a new organisation: its parent's chain plus its own id at its own level. */
function chainOf(kind: OrgKind, id: number, parent: OrgRow | undefined) {
  switch (kind) {
    case 'agent':
      return { belongAgentId: id, belongCompanyId: null, belongFleetId: null };
    case 'company':
      return { belongAgentId: parent?.id ?? null, belongCompanyId: id, belongFleetId: null };
    case 'fleet':
      return { belongAgentId: parent?.belongAgentId ?? null, belongCompanyId: parent?.id ?? null, belongFleetId: id };
    case 'site':
      return {
        belongAgentId: parent?.belongAgentId ?? null,
        belongCompanyId: parent?.belongCompanyId ?? null,
        belongFleetId: parent?.id ?? null,
      };
  }
}

export class OrgService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionRevoker,
    /** Organisation names and logos show in selfInfo: the account module drops its cached copies. */
    private readonly onChange: () => void,
  ) {}

  /** True when an organisation of the account's chain is forbidden: nobody below it may log in. */
  forbiddenAbove(chain: {
    belongAgentId: number | null;
    belongCompanyId: number | null;
    belongFleetId: number | null;
    belongSiteId: number | null;
  }) {
    return forbiddenInChain(this.db, [chain.belongAgentId, chain.belongCompanyId, chain.belongFleetId, chain.belongSiteId]);
  }

  /** An organisation the caller may see, or PERMISSION_CHECK_FAIL / ORG_NOT_EXIST (SPEC section 6). */
  async visible(db: Db, principal: Principal, kind: OrgKind, id: number, forUpdate = false): Promise<OrgRow> {
    const row = forUpdate
      ? (
          await db
            .select()
            .from(org)
            .where(and(inScope(principal, org), eq(org.kind, kind), eq(org.id, id)))
            .for('update')
        )[0]
      : await findOrg(db, inScope(principal, org), kind, id);
    if (!row) throw outOfScope(principal, 'ORG_NOT_EXIST');
    return row;
  }

  /** A page of the organisations of one kind in the caller's scope. */
  list(principal: Principal, kind: OrgKind, query: OrgListQuery): Promise<Page<OrgRecord>> {
    return listOrgs(this.db, inScope(principal, org), kind, query);
  }

  /** Names for a picker: the organisations of one kind in the caller's scope. */
  options(principal: Principal, kind: OrgKind, query: OrgOptionsQuery): Promise<OrgOption[]> {
    return orgOptions(this.db, inScope(principal, org), kind, query);
  }

  /** One organisation in the caller's scope, with its logo. */
  async info(principal: Principal, kind: OrgKind, id: number): Promise<OrgRecord> {
    const scope = and(inScope(principal, org), eq(org.id, id)) ?? inScope(principal, org);
    const [record] = (await listOrgs(this.db, scope, kind, { page: 1, limit: 1 }, true)).records;
    if (!record) throw outOfScope(principal, 'ORG_NOT_EXIST');
    return record;
  }

  /** `/system/companySetting`: the Company Admin's own company and its notification settings. */
  async companySetting(principal: Principal): Promise<CompanySetting> {
    if (principal.companyId === null) throw new AppError('ORG_NOT_EXIST');
    const company = await this.info(principal, 'company', principal.companyId);
    const [row] = await this.db.select({ notification: org.notification }).from(org).where(eq(org.id, company.id));
    return { company, notification: { ...DEFAULT_NOTIFICATION, ...(row?.notification as Partial<CompanyNotification> | null) } };
  }

  async updateCompanySetting(principal: Principal, body: CompanySettingBody): Promise<void> {
    if (principal.companyId === null) throw new AppError('ORG_NOT_EXIST');
    for (const email of body.notification?.recipients ?? []) {
      if (!EMAIL_PATTERN.test(email)) throw new AppError('PARAM_CHECK_FAIL', 'recipients', { field: 'recipients' });
    }
    await this.db
      .update(org)
      .set({ address: body.address, description: body.description, logo: checkedLogo(body.logo), notification: body.notification })
      .where(and(inScope(principal, org), eq(org.kind, 'company'), eq(org.id, principal.companyId)));
    this.onChange();
  }

  async create(principal: Principal, kind: OrgKind, body: OrgCreateBody): Promise<{ id: number }> {
    const logo = checkedLogo(body.logo);
    const above = parentKind[kind];
    if (above && body.parentId === undefined) throw new AppError('PARAM_CHECK_FAIL', 'parentId', { field: 'parentId' });
    return this.guardUnique(() =>
      this.db.transaction(async (tx) => {
        // The parent row is locked, so two creations at once cannot both take the last quota place.
        const parent = above && body.parentId !== undefined ? await this.visible(tx, principal, above, body.parentId, true) : undefined;
        if (parent?.state === 'forbidden') throw new AppError('ORG_HAD_BEEN_BAN');
        if (kind === 'company' && parent) await this.checkCompanyQuotas(tx, parent, body.deviceQuota ?? null);
        const [created] = await tx
          .insert(org)
          .values({
            kind,
            parentId: parent?.id ?? null,
            name: body.name.trim(),
            address: body.address ?? null,
            description: body.description ?? null,
            logo: logo ?? null,
            companyQuota: kind === 'agent' ? (body.companyQuota ?? null) : null,
            deviceQuota: kind === 'agent' || kind === 'company' ? (body.deviceQuota ?? null) : null,
          })
          .returning({ id: org.id });
        if (!created) throw new AppError('ACTION_FAIL_RETRY');
        await tx
          .update(org)
          .set(chainOf(kind, created.id, parent))
          .where(eq(org.id, created.id));
        return { id: created.id };
      }),
    );
  }

  async update(principal: Principal, kind: OrgKind, body: OrgUpdateBody): Promise<void> {
    const logo = checkedLogo(body.logo);
    await this.guardUnique(() =>
      this.db.transaction(async (tx) => {
        const row = await this.visible(tx, principal, kind, body.id, true);
        if (kind === 'agent' && body.companyQuota !== undefined && body.companyQuota !== null) {
          const [companies] = await tx
            .select({ n: count() })
            .from(org)
            .where(and(eq(org.parentId, row.id), eq(org.kind, 'company')));
          if ((companies?.n ?? 0) > body.companyQuota) throw new AppError('ORG_QUOTA_NOT_ENOUGH');
        }
        if (kind === 'company' && body.deviceQuota !== undefined && row.parentId !== null) {
          const parent = await this.visible(tx, principal, 'agent', row.parentId, true);
          await this.checkCompanyQuotas(tx, parent, body.deviceQuota, row.id);
        }
        await tx
          .update(org)
          .set({
            name: body.name?.trim(),
            address: body.address,
            description: body.description,
            logo,
            companyQuota: kind === 'agent' ? body.companyQuota : undefined,
            deviceQuota: kind === 'agent' || kind === 'company' ? body.deviceQuota : undefined,
          })
          .where(eq(org.id, row.id));
      }),
    );
    this.onChange();
  }

  /** Forbidding blocks every login below at once (SPEC section 4); enabling again lets them back in. */
  async setState(principal: Principal, kind: OrgKind, { id, state }: OrgStateBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.visible(tx, principal, kind, id, true);
      await tx.update(org).set({ state }).where(eq(org.id, row.id));
    });
    if (state === 'forbidden') await this.sessions.revokeAccounts(accountsBelow(kind, id));
  }

  async remove(principal: Principal, kind: OrgKind, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.visible(tx, principal, kind, id, true);
      if (await hasDependants(tx, kind, row.id)) throw new AppError('ORG_NOT_EMPTY');
      await tx.delete(org).where(eq(org.id, row.id));
    });
  }

  /** An agent's company quota, and the share of its device quota its companies hold (ORG_QUOTA_NOT_ENOUGH). */
  private async checkCompanyQuotas(tx: Db, agent: OrgRow, deviceQuota: number | null, exceptCompany?: number) {
    const others = and(eq(org.parentId, agent.id), eq(org.kind, 'company'), exceptCompany ? ne(org.id, exceptCompany) : undefined);
    const [row] = await tx
      .select({ companies: count(), devices: sql<number>`coalesce(sum(${org.deviceQuota}), 0)`.mapWith(Number) })
      .from(org)
      .where(others);
    if (exceptCompany === undefined && agent.companyQuota !== null && (row?.companies ?? 0) >= agent.companyQuota) {
      throw new AppError('ORG_QUOTA_NOT_ENOUGH');
    }
    if (agent.deviceQuota !== null && deviceQuota !== null && (row?.devices ?? 0) + deviceQuota > agent.deviceQuota) {
      throw new AppError('ORG_QUOTA_NOT_ENOUGH');
    }
  }

  /** SPEC: names are unique among siblings; the unique index decides, so a race cannot slip through. */
  private async guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ORG_EXIST');
      throw error;
    }
  }
}
