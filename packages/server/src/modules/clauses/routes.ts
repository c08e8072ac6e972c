import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClauseConsentBody,
  ClauseConsentRecord,
  ClauseCreateBody,
  ClauseListQuery,
  ClauseLogQuery,
  ClauseRecord,
  ClauseUpdateBody,
  fleetAdminsAndAbove,
  PageOf,
  PendingClause,
  type Role,
} from '@safety-shield/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { clauseConsent } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { auditTarget } from '../logs/recorder.js';
import { listClauses, listConsents } from './repo.js';
import type { ClauseService } from './service.js';

const tags = ['clauses'];
/** SPEC section 2: Super and Agent Admins manage clauses; Company and Fleet Admins also read state and log. */
const MANAGERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];
const READERS = fleetAdminsAndAbove;
const ClauseId = Type.Object({ clauseId: Type.Integer({ minimum: 1 }) });
const Saved = Envelope(ClauseId);

/** Consents in the caller's scope, and a Fleet Admin also sees its company's organisation consents. */
function consentScope(principal: Principal): SQL {
  const company =
    principal.companyId !== null && principal.agentId !== null
      ? and(eq(clauseConsent.belongAgentId, principal.agentId), eq(clauseConsent.companyId, principal.companyId))
      : undefined;
  return or(inScope(principal, clauseConsent), company) ?? inScope(principal, clauseConsent);
}

export const clauseRoutes: FastifyPluginAsyncTypebox<{ db: Db; clauses: ClauseService }> = async (app, { db, clauses }) => {
  app.get(
    '/v1/clause/list',
    {
      schema: {
        tags,
        summary: 'The active clauses the caller manages or is asked by',
        querystring: ClauseListQuery,
        response: { 200: Envelope(PageOf(ClauseRecord)) },
      },
      config: { access: MANAGERS },
    },
    async (req) => ok(await listClauses(db, clauses.readable(principalOf(req)), req.query)),
  );

  app.get(
    '/v1/clause/info',
    {
      schema: { tags, summary: 'One active clause', querystring: ClauseId, response: { 200: Envelope(ClauseRecord) } },
      config: { access: 'session', beforeClause: true, beforePasswordChange: true },
    },
    async (req) => ok(await clauses.info(principalOf(req), req.query.clauseId)),
  );

  app.get(
    '/v1/clause/pending',
    {
      schema: {
        tags,
        summary: 'The clauses waiting for the caller: its own, and a Company Admin’s company ones',
        response: { 200: Envelope(Type.Array(PendingClause)) },
      },
      config: { access: 'session', beforeClause: true, beforePasswordChange: true },
    },
    async (req) => ok(await clauses.pending(principalOf(req))),
  );

  app.put(
    '/v1/clause/state',
    {
      schema: {
        tags,
        summary: 'Agree to or cancel a clause, for oneself or (Company Admin) for the company',
        body: ClauseConsentBody,
        response: { 200: Envelope(Type.Null()) },
      },
      config: { access: 'session', beforeClause: true, beforePasswordChange: true, audit: 'clause.consent' },
    },
    async (req) => {
      auditTarget(req, req.body.clauseId);
      await clauses.consent(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/v1/clause',
    {
      schema: {
        tags,
        summary: 'Write a clause (platform-wide by the Super Admin, for its area by an Agent Admin)',
        body: ClauseCreateBody,
        response: { 200: Saved },
      },
      config: { access: MANAGERS, audit: 'clause.create' },
    },
    async (req) => {
      const created = await clauses.create(principalOf(req), req.body);
      auditTarget(req, created.clauseId);
      return ok(created);
    },
  );

  app.put(
    '/v1/clause',
    {
      schema: { tags, summary: 'Publish a new version of a clause; it is asked again', body: ClauseUpdateBody, response: { 200: Saved } },
      config: { access: MANAGERS, audit: 'clause.update' },
    },
    async (req) => {
      auditTarget(req, req.body.clauseId);
      return ok(await clauses.update(principalOf(req), req.body));
    },
  );

  app.delete(
    '/v1/clause',
    {
      schema: { tags, summary: 'Retire a clause (its log stays)', querystring: ClauseId, response: { 200: Envelope(Type.Null()) } },
      config: { access: MANAGERS, audit: 'clause.delete' },
    },
    async (req) => {
      auditTarget(req, req.query.clauseId);
      await clauses.retire(principalOf(req), req.query.clauseId);
      return ok(null);
    },
  );

  app.get(
    '/v1/clause/state/list',
    {
      schema: {
        tags,
        summary: 'Where each clause stands: the newest consent of every account or company in scope',
        querystring: ClauseLogQuery,
        response: { 200: Envelope(PageOf(ClauseConsentRecord)) },
      },
      config: { access: READERS },
    },
    async (req) => ok(await listConsents(db, consentScope(principalOf(req)), req.query, true)),
  );

  app.get(
    '/v1/clause/log/list',
    {
      schema: {
        tags,
        summary: 'Every agreement and cancellation in scope, with the actor and their local time',
        querystring: ClauseLogQuery,
        response: { 200: Envelope(PageOf(ClauseConsentRecord)) },
      },
      config: { access: READERS },
    },
    async (req) => ok(await listConsents(db, consentScope(principalOf(req)), req.query, false)),
  );
};
