import { defaultSafetyWeights, type SafetyWeights, type SafetyWeightsInfo } from '@safety-shield/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { safetyScoreWeights } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { type NamedOrg, visibleOrgs } from '../orgs/index.js';

/** Each company's weights: its own where it saved some, the defaults otherwise. */
export async function weightsOf(db: Db, companyIds: readonly number[]): Promise<Map<number, SafetyWeights>> {
  const out = new Map(companyIds.map((id) => [id, defaultSafetyWeights]));
  if (companyIds.length === 0) return out;
  const rows = await db
    .select({ companyId: safetyScoreWeights.companyId, weights: safetyScoreWeights.weights })
    .from(safetyScoreWeights)
    .where(inArray(safetyScoreWeights.companyId, [...companyIds]));
  for (const row of rows) out.set(row.companyId, row.weights);
  return out;
}

/**
 * The company a weights call is about: a Company or Fleet Admin's own (naming another is PERMISSION_CHECK_FAIL); the
 * Super and Agent Admins name one they may see.
 */
async function companyOf(db: Db, principal: Principal, companyId: number | undefined): Promise<NamedOrg> {
  const own = principal.role === 'COMPANY_ADMIN' || principal.role === 'FLEET_ADMIN' ? principal.companyId : null;
  const id = companyId ?? own;
  if (id === null || id === undefined) throw new AppError('PARAM_CHECK_FAIL', 'companyId', { field: 'companyId' });
  // A Fleet Admin reads its company's weights: its company is in view as a Company Admin's is.
  const companyWide = principal.role === 'FLEET_ADMIN' ? { ...principal, role: 'COMPANY_ADMIN' as const } : principal;
  const [found] = await visibleOrgs(db, companyWide, { companyId: id });
  return found as NamedOrg;
}

export async function readWeights(db: Db, principal: Principal, companyId: number | undefined): Promise<SafetyWeightsInfo> {
  const company = await companyOf(db, principal, companyId);
  const [row] = await db.select().from(safetyScoreWeights).where(eq(safetyScoreWeights.companyId, company.id));
  return {
    companyId: company.id,
    companyName: company.name,
    weights: row?.weights ?? defaultSafetyWeights,
    isDefault: !row,
    updatedAt: row ? row.updatedAt.getTime() : null,
    updatedByName: row?.updatedByName ?? null,
  };
}

/** Saves a company's weights, or drops them (null) so it scores with the defaults again. */
export async function saveWeights(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
  weights: SafetyWeights | null,
): Promise<SafetyWeightsInfo> {
  const company = await companyOf(db, principal, companyId);
  if (weights === null) await db.delete(safetyScoreWeights).where(eq(safetyScoreWeights.companyId, company.id));
  else {
    const row = { weights, updatedById: principal.accountId, updatedByName: principal.username, updatedAt: new Date() };
    await db
      .insert(safetyScoreWeights)
      .values({ companyId: company.id, ...row })
      .onConflictDoUpdate({ target: safetyScoreWeights.companyId, set: row });
  }
  return readWeights(db, principal, company.id);
}
