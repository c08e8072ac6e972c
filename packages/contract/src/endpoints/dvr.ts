import { DvrIndex, DvrIndexQuery, DvrSpanBody, DvrUpload } from '../api/dvr.js';
import { LiveSession } from '../api/live.js';
import { endpoints } from '../endpoint.js';
import { superAdminOnly } from '../roles.js';

/**
 * DVR recordings (issue 7): the recording index of a vehicle's device, playback and upload of a span. Super Admin only,
 * as the route `/dvr/{licensePlate}` is (routes.ts).
 */
export const dvrApi = endpoints('dvr', {
  index: {
    method: 'GET',
    path: '/v1/dvr/index',
    summary: 'The recorded segments of one channel on one UTC day, asked from the device',
    access: superAdminOnly,
    query: DvrIndexQuery,
    response: DvrIndex,
  },
  play: {
    method: 'POST',
    path: '/v1/dvr/play',
    summary: 'Play back a recorded span (at most 1 h) streamed from the device: a live session',
    access: superAdminOnly,
    audit: 'dvr.play',
    body: DvrSpanBody,
    response: LiveSession,
  },
  upload: {
    method: 'POST',
    path: '/v1/dvr/upload',
    summary: 'Ask the device to upload a recorded span (at most 5 min) as evidence of an incident',
    access: superAdminOnly,
    audit: 'dvr.upload',
    body: DvrSpanBody,
    response: DvrUpload,
  },
});
