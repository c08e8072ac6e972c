import { type DefaultTagKind, defaultTagKinds, defaultTagNames } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventTag, org } from '../../db/schema.js';

// The stored names stay English (the contract's, one per kind): the console translates an unrenamed one on display.
export { defaultTagNames };

/**
 * Makes sure a company has its three default tags (made the first time they are needed: a company's first incident or
 * its first look at its tags). Safe to run concurrently: the unique index on (company, kind) keeps one of each.
 */
export async function ensureDefaultTags(db: Db, companyId: number): Promise<void> {
  const [company] = await db
    .select({ agentId: org.belongAgentId })
    .from(org)
    .where(and(eq(org.id, companyId), eq(org.kind, 'company')));
  if (!company) return;
  await db
    .insert(eventTag)
    .values(
      defaultTagKinds.map((kind) => ({
        name: defaultTagNames[kind],
        defaultKind: kind,
        // Emergencies reach the vehicle's notification e-mails from the start; the others when a company asks.
        notifyEmail: kind === 'emergency',
        belongAgentId: company.agentId,
        belongCompanyId: companyId,
      })),
    )
    .onConflictDoNothing();
}

/** The company's default tag of a kind (made if missing). */
export async function defaultTag(db: Db, companyId: number, kind: DefaultTagKind) {
  await ensureDefaultTags(db, companyId);
  const [tag] = await db
    .select()
    .from(eventTag)
    .where(and(eq(eventTag.belongCompanyId, companyId), eq(eventTag.defaultKind, kind)));
  return tag;
}
