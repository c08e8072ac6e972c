// The safety score's weights per company (issue 19, docs/safety-score.md).

import type { SafetyWeights } from '@safety-shield/contract';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { org } from './orgs.js';

/** A company's own weights; a company without a row scores with the defaults (`defaultSafetyWeights`). */
export const safetyScoreWeights = pgTable('safety_score_weights', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => org.id, { onDelete: 'cascade' }),
  weights: jsonb('weights').$type<SafetyWeights>().notNull(),
  updatedById: integer('updated_by_id'),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: updatedAt(),
});
