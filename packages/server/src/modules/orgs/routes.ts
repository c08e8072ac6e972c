import { type OrgKind, orgApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { type Handler, type Handlers, serve } from '../../http/endpoints.js';
import { auditCreated, auditTarget } from '../logs/index.js';
import type { OrgService } from './service.js';

type OrgApi = typeof orgApi;
/** The handlers of one kind's calls (`agentList`, `agentInfo`, …). */
type LevelHandlers<K extends OrgKind> = Pick<Handlers<OrgApi>, Extract<keyof OrgApi, `${K}${string}`>>;
/** The declaration of a kind's call, typed as the agent's (every kind takes and answers the same). */
type LevelEndpoint<N extends string> = OrgApi[`agent${N}` & keyof OrgApi];

/** Handlers of the contract's organisation endpoints: the same seven calls for each kind, and the company setting. */
export const orgRoutes: FastifyPluginAsync<{ orgs: OrgService }> = async (app, { orgs }) => {
  function levelHandlers<K extends OrgKind>(kind: K): LevelHandlers<K> {
    const handlers: { [N in 'List' | 'Info' | 'Options' | 'Create' | 'Update' | 'SetState' | 'Remove']: Handler<LevelEndpoint<N>> } = {
      List: async (req) => orgs.list(principalOf(req), kind, req.query),
      Info: async (req) => orgs.info(principalOf(req), kind, req.query.id),
      Options: async (req) => orgs.options(principalOf(req), kind, req.query),
      Create: async (req) => auditCreated(req, orgs.create(principalOf(req), kind, req.body)),
      Update: async (req) => orgs.update(principalOf(req), kind, req.body),
      SetState: async (req) => orgs.setState(principalOf(req), kind, req.body),
      Remove: async (req) => orgs.remove(principalOf(req), kind, req.query.id),
    };
    return Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [`${kind}${name}`, handler])) as LevelHandlers<K>;
  }

  serve(app, orgApi, {
    ...levelHandlers('agent'),
    ...levelHandlers('company'),
    ...levelHandlers('fleet'),
    ...levelHandlers('site'),
    companySetting: async (req) => orgs.companySetting(principalOf(req)),
    updateCompanySetting: async (req) => {
      auditTarget(req, principalOf(req).companyId ?? '');
      return orgs.updateCompanySetting(principalOf(req), req.body);
    },
  });
};
