import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { orgRoutes } from './routes.js';
import { OrgService, type SessionRevoker } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agents, companies, fleets and sites: the scope every other module checks against. */
    orgs: OrgService;
  }
}

/** The organisation tree. */
export const orgModule = fp(
  async (app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionRevoker }) => {
    // Organisation names and logos show in selfInfo: the account module (registered after this one) drops its copies.
    const orgs = new OrgService(db, sessions, () => app.accounts.forgetSelfInfo());
    app.decorate('orgs', orgs);
    await app.register(orgRoutes, { orgs });
  },
  { name: 'orgs' },
);

export { devicePlacesLeft } from './device-quota.js';
export type { NamedOrg } from './repo.js';
export { visibleOrgs } from './repo.js';
export type { OrgService } from './service.js';
