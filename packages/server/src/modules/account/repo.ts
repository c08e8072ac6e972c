import type { SelfInfo } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { account, org } from '../../db/schema.js';

export type AccountRow = typeof account.$inferSelect;

export async function findByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(eq(sql`lower(${account.username})`, username.toLowerCase()));
  return row;
}

export async function recordLogin(db: Db, accountId: number): Promise<void> {
  await db.update(account).set({ lastLoginTime: new Date() }).where(eq(account.id, accountId));
}

const agent = alias(org, 'agent');
const company = alias(org, 'company');
const fleet = alias(org, 'fleet');

/** selfInfo reads only the caller's own row: its scope is the account itself. */
export async function selfInfo(db: Db, accountId: number): Promise<SelfInfo | undefined> {
  const [row] = await db
    .select({
      role: account.role,
      username: account.username,
      realName: account.realName,
      language: account.language,
      timeZone: account.timeZone,
      agentId: account.belongAgentId,
      companyId: account.belongCompanyId,
      fleetId: account.belongFleetId,
      agentName: agent.name,
      companyName: company.name,
      fleetName: fleet.name,
      firstTimeLogin: account.firstTimeLogin,
      finishClause: account.finishClause,
      orgFinishClause: company.finishClause,
      orgPic: sql<string | null>`coalesce(${fleet.logo}, ${company.logo}, ${agent.logo})`,
    })
    .from(account)
    .leftJoin(agent, eq(agent.id, account.belongAgentId))
    .leftJoin(company, eq(company.id, account.belongCompanyId))
    .leftJoin(fleet, eq(fleet.id, account.belongFleetId))
    .where(eq(account.id, accountId));
  if (!row) return undefined;
  const { orgFinishClause, orgPic, role, ...baseInfo } = row;
  return {
    baseInfo: { ...baseInfo, role: role as SelfInfo['baseInfo']['role'] },
    orgFinishClause: orgFinishClause ?? true,
    orgPic,
  };
}
