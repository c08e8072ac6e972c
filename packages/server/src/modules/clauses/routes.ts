import { clauseApi } from '@safety-shield/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { clauseConsent } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { auditTarget } from '../logs/recorder.js';
import { listClauses, listConsents } from './repo.js';
import type { ClauseService } from './service.js';

/** Consents in the caller's scope, and a Fleet Admin also sees its company's organisation consents. */
function consentScope(principal: Principal): SQL {
  const company =
    principal.companyId !== null && principal.agentId !== null
      ? and(eq(clauseConsent.belongAgentId, principal.agentId), eq(clauseConsent.companyId, principal.companyId))
      : undefined;
  return or(inScope(principal, clauseConsent), company) ?? inScope(principal, clauseConsent);
}

/** Handlers of the contract's clause endpoints. */
export const clauseRoutes: FastifyPluginAsync<{ db: Db; clauses: ClauseService }> = async (app, { db, clauses }) => {
  serve(app, clauseApi, {
    list: async (req) => listClauses(db, clauses.readable(principalOf(req)), req.query),
    info: async (req) => clauses.info(principalOf(req), req.query.clauseId),
    pending: async (req) => clauses.pending(principalOf(req)),
    consent: async (req) => {
      auditTarget(req, req.body.clauseId);
      await clauses.consent(principalOf(req), req.body);
      return null;
    },
    create: async (req) => {
      const created = await clauses.create(principalOf(req), req.body);
      auditTarget(req, created.clauseId);
      return created;
    },
    update: async (req) => {
      auditTarget(req, req.body.clauseId);
      return clauses.update(principalOf(req), req.body);
    },
    remove: async (req) => {
      auditTarget(req, req.query.clauseId);
      await clauses.retire(principalOf(req), req.query.clauseId);
      return null;
    },
    states: async (req) => listConsents(db, consentScope(principalOf(req)), req.query, true),
    log: async (req) => listConsents(db, consentScope(principalOf(req)), req.query, false),
  });
};
