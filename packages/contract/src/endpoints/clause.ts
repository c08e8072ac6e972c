import { Type } from 'typebox';
import {
  ClauseConsentBody,
  ClauseConsentRecord,
  ClauseCreateBody,
  ClauseListQuery,
  ClauseLogQuery,
  ClauseRecord,
  ClauseUpdateBody,
  PendingClause,
} from '../api/clause.js';
import { Id, PageOf } from '../api/common.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove, type Role } from '../roles.js';

/** SPEC section 2: Super and Agent Admins manage clauses; Company and Fleet Admins also read state and log. */
const managers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];
const readers = fleetAdminsAndAbove;
const ClauseId = Type.Object({ clauseId: Id });

/** Clauses (terms) and the consents to them. */
export const clauseApi = endpoints('clauses', {
  list: {
    method: 'GET',
    path: '/v1/clause/list',
    summary: 'The active clauses the caller manages or is asked by',
    access: managers,
    query: ClauseListQuery,
    response: PageOf(ClauseRecord),
  },
  info: {
    method: 'GET',
    path: '/v1/clause/info',
    summary: 'One active clause',
    access: 'session',
    beforeClause: true,
    beforePasswordChange: true,
    query: ClauseId,
    response: ClauseRecord,
  },
  pending: {
    method: 'GET',
    path: '/v1/clause/pending',
    summary: 'The clauses waiting for the caller: its own, and a Company Admin’s company ones',
    access: 'session',
    beforeClause: true,
    beforePasswordChange: true,
    response: Type.Array(PendingClause),
  },
  consent: {
    method: 'PUT',
    path: '/v1/clause/state',
    summary: 'Agree to or cancel a clause, for oneself or (Company Admin) for the company',
    access: 'session',
    beforeClause: true,
    beforePasswordChange: true,
    audit: 'clause.consent',
    auditTarget: 'clauseId',
    body: ClauseConsentBody,
  },
  create: {
    method: 'POST',
    path: '/v1/clause',
    summary: 'Write a clause (platform-wide by the Super Admin, for its area by an Agent Admin)',
    access: managers,
    audit: 'clause.create',
    body: ClauseCreateBody,
    response: ClauseId,
  },
  update: {
    method: 'PUT',
    path: '/v1/clause',
    summary: 'Publish a new version of a clause; it is asked again',
    access: managers,
    audit: 'clause.update',
    auditTarget: 'clauseId',
    body: ClauseUpdateBody,
    response: ClauseId,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/clause',
    summary: 'Retire a clause (its log stays)',
    access: managers,
    audit: 'clause.delete',
    auditTarget: 'clauseId',
    query: ClauseId,
  },
  states: {
    method: 'GET',
    path: '/v1/clause/state/list',
    summary: 'Where each clause stands: the newest consent of every account or company in scope',
    access: readers,
    query: ClauseLogQuery,
    response: PageOf(ClauseConsentRecord),
  },
  log: {
    method: 'GET',
    path: '/v1/clause/log/list',
    summary: 'Every agreement and cancellation in scope, with the actor and their local time',
    access: readers,
    query: ClauseLogQuery,
    response: PageOf(ClauseConsentRecord),
  },
});
