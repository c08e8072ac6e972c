import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  accountManagers,
  CompanySetting,
  CompanySettingBody,
  Created,
  OrgCreateBody,
  type OrgKind,
  OrgListQuery,
  OrgOption,
  OrgOptionsQuery,
  OrgRecord,
  OrgStateBody,
  OrgUpdateBody,
  orgKinds,
  orgManagers,
  PageOf,
} from '@safety-shield/contract';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { org } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { inScope } from '../../http/scope.js';
import { auditTarget } from '../logs/recorder.js';
import { listOrgs, orgOptions } from './repo.js';
import type { OrgService } from './service.js';

const IdQuery = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const Done = Envelope(Type.Null());

/** The /v1/org calls (the spec does not show them): the same six calls for each kind of the chain. */
export const orgRoutes: FastifyPluginAsyncTypebox<{ db: Db; orgs: OrgService }> = async (app, { db, orgs }) => {
  for (const kind of orgKinds) routesOf(kind);

  // The company setting stays open while an organisation clause waits: that is where the Company Admin accepts it.
  app.get(
    '/v1/company/setting',
    {
      schema: {
        tags: ['organisations'],
        summary: 'The Company Admin’s own company with its notification settings',
        response: { 200: Envelope(CompanySetting) },
      },
      config: { access: ['COMPANY_ADMIN'], beforeClause: true },
    },
    async (req) => ok(await orgs.companySetting(principalOf(req))),
  );

  app.put(
    '/v1/company/setting',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Change the own company’s address, description, logo and notification settings',
        body: CompanySettingBody,
        response: { 200: Done },
      },
      config: { access: ['COMPANY_ADMIN'], beforeClause: true, audit: 'company.setting' },
    },
    async (req) => {
      auditTarget(req, principalOf(req).companyId ?? '');
      await orgs.updateCompanySetting(principalOf(req), req.body);
      return ok(null);
    },
  );

  function routesOf(kind: OrgKind) {
    const base = `/v1/org/${kind}`;
    const tags = ['organisations'];
    const access = orgManagers[kind];

    app.get(
      `${base}/list`,
      {
        schema: {
          tags,
          summary: `A page of ${kind} organisations in the caller’s scope`,
          querystring: OrgListQuery,
          response: { 200: Envelope(PageOf(OrgRecord)) },
        },
        config: { access },
      },
      async (req) => ok(await listOrgs(db, inScope(principalOf(req), org), kind, req.query)),
    );

    app.get(
      `${base}/info`,
      {
        schema: { tags, summary: `One ${kind} with its logo`, querystring: IdQuery, response: { 200: Envelope(OrgRecord) } },
        config: { access },
      },
      async (req) => ok(await orgs.info(principalOf(req), kind, req.query.id)),
    );

    app.get(
      `${base}/options`,
      {
        schema: {
          tags,
          summary: `Up to 50 ${kind} organisations to choose from, by name`,
          querystring: OrgOptionsQuery,
          response: { 200: Envelope(Type.Array(OrgOption)) },
        },
        config: { access: accountManagers },
      },
      async (req) => ok(await orgOptions(db, inScope(principalOf(req), org), kind, req.query)),
    );

    app.post(
      base,
      {
        schema: { tags, summary: `Create a ${kind}`, body: OrgCreateBody, response: { 200: Envelope(Created) } },
        config: { access, audit: `org.${kind}.create` },
      },
      async (req) => {
        const created = await orgs.create(principalOf(req), kind, req.body);
        auditTarget(req, created.id);
        return ok(created);
      },
    );

    app.put(
      base,
      {
        schema: { tags, summary: `Edit a ${kind}`, body: OrgUpdateBody, response: { 200: Done } },
        config: { access, audit: `org.${kind}.update` },
      },
      async (req) => {
        auditTarget(req, req.body.id);
        await orgs.update(principalOf(req), kind, req.body);
        return ok(null);
      },
    );

    app.put(
      `${base}/state`,
      {
        schema: {
          tags,
          summary: `Enable or forbid a ${kind}; forbidding ends every session below it`,
          body: OrgStateBody,
          response: { 200: Done },
        },
        config: { access, audit: `org.${kind}.state` },
      },
      async (req) => {
        auditTarget(req, req.body.id);
        await orgs.setState(principalOf(req), kind, req.body);
        return ok(null);
      },
    );

    app.delete(
      base,
      {
        schema: { tags, summary: `Delete a ${kind} that has nothing below it`, querystring: IdQuery, response: { 200: Done } },
        config: { access, audit: `org.${kind}.delete` },
      },
      async (req) => {
        auditTarget(req, req.query.id);
        await orgs.remove(principalOf(req), kind, req.query.id);
        return ok(null);
      },
    );
  }
};
