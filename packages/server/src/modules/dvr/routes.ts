import { dvrApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { auditTarget } from '../logs/index.js';
import type { DvrService } from './service.js';

/** Handlers of the contract's DVR endpoints (issue 7): the recording index, playback and upload of a span. */
export const dvrRoutes: FastifyPluginAsync<{ dvr: DvrService }> = async (app, { dvr }) => {
  serve(app, dvrApi, {
    index: async (req) => dvr.index(principalOf(req), req.query),
    play: async (req) => {
      auditTarget(req, `${req.body.licensePlate}/ch${req.body.channel}`);
      return dvr.play(principalOf(req), req.body);
    },
    upload: async (req) => {
      auditTarget(req, `${req.body.licensePlate}/ch${req.body.channel}`);
      return dvr.upload(principalOf(req), req.body);
    },
  });
};
