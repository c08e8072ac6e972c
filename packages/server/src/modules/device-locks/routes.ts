import { deviceLockApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { Principal } from '../../http/principal.js';
import { auditActor } from '../logs/index.js';
import type { LockLinkService } from './links.js';
import { type DeviceLockService, type LockActor, scopedTargets } from './service.js';

/** SPEC: a Super Admin unlocks without the PIN; everyone else needs it. */
const actorOf = (principal: Principal): LockActor => ({ name: principal.username, unlocksWithoutPin: principal.role === 'SUPER_ADMIN' });

/** Device locks: `/device/setting`'s list and changes, installer links and the public calls `/deviceLock` makes with one. */
export const deviceLockRoutes: FastifyPluginAsync<{ locks: DeviceLockService; links: LockLinkService }> = async (app, { locks, links }) => {
  serve(app, deviceLockApi, {
    list: (req) => locks.list(principalOf(req), req.query),
    save: async (req) => {
      const principal = principalOf(req);
      const { deviceId, locked, pin } = req.body;
      const [record] = await locks.change(scopedTargets(principal, [deviceId]), locked, pin, actorOf(principal));
      if (!record) throw new Error(`device ${deviceId} changed but not found`);
      return record;
    },
    batchSave: async (req) => {
      const principal = principalOf(req);
      const { deviceIds, locked, pin } = req.body;
      return { records: await locks.change(scopedTargets(principal, deviceIds), locked, pin, actorOf(principal)) };
    },
    tampers: (req) => locks.tampers(principalOf(req), req.query),
    issueLink: (req) => links.issue(principalOf(req), req.body),
    links: () => links.open(),
    revokeLink: (req) => links.revoke(req.body.id),
    publicList: (req) => links.publicList(req.query.token),
    // No session: the operation log names the link (and the device's organisation) as the actor.
    publicSave: (req) => links.publicSave(req.body, auditActor(req)),
  });
};
