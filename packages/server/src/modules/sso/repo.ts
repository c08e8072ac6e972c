import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, org, ssoConfig, ssoLogin } from '../../db/schema.js';

export type SsoConfigRow = typeof ssoConfig.$inferSelect;
export type PendingLogin = typeof ssoLogin.$inferSelect;

export async function findConfig(db: Db, companyId: number): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfig).where(eq(ssoConfig.companyId, companyId));
  return row;
}

/** A setting (by company or sign-in name) with the company's supplier: the operation log's scope of a refused sign-in. */
export async function findConfigOf(db: Db, where: SQL) {
  const [row] = await db
    .select({ config: ssoConfig, agentId: org.belongAgentId })
    .from(ssoConfig)
    .innerJoin(org, eq(org.id, ssoConfig.companyId))
    .where(where);
  return row;
}

/** Takes a pending sign-in out in one statement, so a state works once even when two nodes receive it together. */
export async function takePending(db: Db, stateHash: string): Promise<PendingLogin | undefined> {
  const [row] = await db.delete(ssoLogin).where(eq(ssoLogin.stateHash, stateHash)).returning();
  return row;
}

/** Sign-ins nobody finished are dropped as new ones start: no job is needed to keep the table small. */
export async function dropExpired(db: Db): Promise<void> {
  await db.delete(ssoLogin).where(lte(ssoLogin.expiresAt, new Date()));
}

/** The accounts of one company whose e-mail is the one the provider confirmed (e-mails are not unique: several may answer). */
export function accountsOfCompanyByEmail(db: Db, companyId: number, email: string) {
  return db
    .select()
    .from(account)
    .where(and(eq(account.belongCompanyId, companyId), eq(sql`lower(${account.email})`, email.toLowerCase())))
    .limit(2);
}
