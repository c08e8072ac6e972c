import { clauseApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { auditCreated } from '../logs/index.js';
import type { ClauseService } from './service.js';

/** Handlers of the contract's clause endpoints. */
export const clauseRoutes: FastifyPluginAsync<{ clauses: ClauseService }> = async (app, { clauses }) => {
  serve(app, clauseApi, {
    list: async (req) => clauses.list(principalOf(req), req.query),
    info: async (req) => clauses.info(principalOf(req), req.query.clauseId),
    pending: async (req) => clauses.pending(principalOf(req)),
    consent: async (req) => clauses.consent(principalOf(req), req.body),
    create: async (req) => auditCreated(req, clauses.create(principalOf(req), req.body), (created) => created.clauseId),
    update: async (req) => clauses.update(principalOf(req), req.body),
    remove: async (req) => clauses.retire(principalOf(req), req.query.clauseId),
    states: async (req) => clauses.states(principalOf(req), req.query),
    log: async (req) => clauses.log(principalOf(req), req.query),
  });
};
