import { DvrIndex, DvrIndexQuery, DvrSpanBody, DvrUpload } from '../api/dvr.js';
import { LiveSession } from '../api/live.js';
import { endpoints } from '../endpoint.js';
import type { Role } from '../roles.js';

/** The route `/dvr/{licensePlate}` is Super Admin only (routes.ts). */
const viewers: readonly Role[] = ['SUPER_ADMIN'];

/** DVR recordings (issue 7): the recording index of a vehicle's device, playback and upload of a span. */
export const dvrApi = endpoints('dvr', {
  index: {
    method: 'GET',
    path: '/v1/dvr/index',
    summary: 'The recorded segments of one channel on one UTC day, asked from the device',
    access: viewers,
    query: DvrIndexQuery,
    response: DvrIndex,
  },
  play: {
    method: 'POST',
    path: '/v1/dvr/play',
    summary: 'Play back a recorded span (at most 1 h) streamed from the device: a live session',
    access: viewers,
    audit: 'dvr.play',
    body: DvrSpanBody,
    response: LiveSession,
  },
  upload: {
    method: 'POST',
    path: '/v1/dvr/upload',
    summary: 'Ask the device to upload a recorded span (at most 5 min) as evidence of an incident',
    access: viewers,
    audit: 'dvr.upload',
    body: DvrSpanBody,
    response: DvrUpload,
  },
});
