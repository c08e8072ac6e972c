import type { RegistrationPolicy } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { listedTerminalRoutes } from './routes.js';
import { ListedTerminals } from './service.js';

/**
 * JT/T 808 terminals listed in advance under a company (issue 30): what `JT808_REGISTRATION=listed` lets register.
 * `policy` is the deployment's setting, which the list answers so the console can say what it means.
 */
export const jt808TerminalModule = fp(
  async (app: FastifyInstance, { db, config }: { db: Db; config: { jt808?: { registration: RegistrationPolicy } } }) => {
    await app.register(listedTerminalRoutes, { terminals: new ListedTerminals(db, app.orgs, config.jt808?.registration ?? 'open') });
  },
  { name: 'jt808-terminals', dependencies: ['orgs'] },
);
