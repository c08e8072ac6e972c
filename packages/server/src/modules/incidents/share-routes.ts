import { type MapConfig, shareApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { auditTarget } from '../logs/index.js';
import { ShareService, shareIds } from './share-service.js';

export { type ShareGrant, shareSigner } from './share-service.js';

/**
 * Issue 6 share links: `POST /v2/event/share` signs a grant of some incidents for 1–30 days; the public
 * `GET /v2/event/public/list` opens exactly those (live ones only) with short-lived evidence URLs.
 */
export const shareRoutes: FastifyPluginAsync<{
  db: Db;
  secretKey: Buffer;
  objectSigner: ObjectSigner;
  map: MapConfig;
}> = async (app, { db, secretKey, objectSigner, map }) => {
  const shares = new ShareService(db, secretKey, objectSigner, map);

  serve(app, shareApi, {
    create: async (req) => {
      const ids = shareIds(req.body.eventId);
      auditTarget(req, ids.join(','));
      return shares.create(principalOf(req), ids, req.body.days);
    },
    publicList: async (req) => shares.publicList(req.query.token),
  });
};
