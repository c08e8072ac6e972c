import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetAdminsAndAbove, IdBody, SosCount, SosEntry, SosHistoryPage, SosHistoryQuery } from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import type { SosService } from './service.js';

const tags = ['sos'];
/** Who may close an S.O.S: the writers of incidents (as in events/routes.ts). */
const WRITERS = fleetAdminsAndAbove;

/** The Focus Board (SPEC section 2); SPEC section 7 does not show these paths: ours are /v1/sos/*. */
export const sosRoutes: FastifyPluginAsyncTypebox<{ sos: SosService }> = async (app, { sos }) => {
  app.get(
    '/v1/sos/active',
    {
      schema: {
        tags,
        summary: 'Open S.O.S of the caller’s scope (the Focus Board card), newest first',
        response: { 200: Envelope(Type.Array(SosEntry)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await sos.active(principalOf(req))),
  );

  app.get(
    '/v1/sos/count',
    {
      schema: {
        tags,
        summary: 'How many S.O.S of the caller’s scope are open (the Focus Board badge)',
        response: { 200: Envelope(SosCount) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await sos.count(principalOf(req))),
  );

  app.get(
    '/v1/sos/history',
    {
      schema: {
        tags,
        summary: 'Every S.O.S of the caller’s scope, newest first (page size 10 by default)',
        querystring: SosHistoryQuery,
        response: { 200: Envelope(SosHistoryPage) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await sos.history(principalOf(req), req.query.page, req.query.limit)),
  );

  app.put(
    '/v1/sos/close',
    {
      schema: { tags, summary: 'Close an S.O.S: it leaves the Focus Board', body: IdBody, response: { 200: Envelope(SosEntry) } },
      config: { access: WRITERS, audit: 'sos.close' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      return ok(await sos.close(principalOf(req), req.body.id));
    },
  );
};
