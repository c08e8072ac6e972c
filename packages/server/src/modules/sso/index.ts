import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { Sealer } from '../system/index.js';
import { ssoRoutes } from './routes.js';
import { SsoService } from './service.js';

interface SsoPlatform {
  db: Db;
  config: Pick<Config, 'secretKey'> & Partial<Pick<Config, 'publicUrl'>>;
}

/** Single sign-on with each company's OpenID provider (issue 15). */
export const ssoModule = fp(
  async (app: FastifyInstance, { db, config }: SsoPlatform) => {
    const sso = new SsoService(db, new Sealer(config.secretKey), app.accounts, app.orgs, app.log);
    await app.register(ssoRoutes, { sso, publicUrl: config.publicUrl });
  },
  { name: 'sso', dependencies: ['orgs', 'account'] },
);
