import {
  CoachBody,
  CoachingDismissBody,
  CoachingEventQuery,
  CoachingFigures,
  CoachingFiguresQuery,
  CoachingInfo,
  CoachingMarkBody,
  CoachingMarked,
  CoachingQueueQuery,
  CoachingRecord,
  CoachingReopenBody,
} from '../api/coaching.js';
import { PageOf } from '../api/common.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove, type Role } from '../roles.js';

/**
 * Issue 19 (docs/decisions.md, "Coaching"): the incident writers down to a fleet's coach; Site Admins see no incident
 * (SPEC section 6) and so coach none. The Super Admin's read-only assistants read the queue and the figures.
 */
const coaches = fleetAdminsAndAbove;
export const coachingReaders: readonly Role[] = [...fleetAdminsAndAbove, 'SUPER_ASSISTANT'];

/** Driver coaching after reviewed incidents: the queue per fleet, marking, coaching, dismissing and the figures. */
export const coachingApi = endpoints('coaching', {
  queue: {
    method: 'GET',
    path: '/v1/coaching/list',
    summary: 'The coaching queue of the caller’s scope: marked incidents, the longest waiting first',
    access: coachingReaders,
    query: CoachingQueueQuery,
    response: PageOf(CoachingRecord),
  },
  info: {
    method: 'GET',
    path: '/v1/coaching/info',
    summary: 'An incident’s coaching state (none when it was never marked)',
    access: coachingReaders,
    query: CoachingEventQuery,
    response: CoachingInfo,
  },
  mark: {
    method: 'PUT',
    path: '/v1/coaching/mark',
    summary: 'Mark reviewed incidents as needing coaching (all or none; those already waiting keep their mark)',
    access: coaches,
    audit: 'coaching.mark',
    auditTarget: 'eventId',
    body: CoachingMarkBody,
    response: CoachingMarked,
  },
  coach: {
    method: 'PUT',
    path: '/v1/coaching/coach',
    summary: 'Record that the driver was coached, by the caller, with a note',
    access: coaches,
    audit: 'coaching.coach',
    auditTarget: 'eventId',
    body: CoachBody,
  },
  dismiss: {
    method: 'PUT',
    path: '/v1/coaching/dismiss',
    summary: 'Take an incident off the queue without coaching, with a reason',
    access: coaches,
    audit: 'coaching.dismiss',
    auditTarget: 'eventId',
    body: CoachingDismissBody,
  },
  reopen: {
    method: 'PUT',
    path: '/v1/coaching/reopen',
    summary: 'Put a coached or dismissed incident back on the queue, marked anew by the caller',
    access: coaches,
    audit: 'coaching.reopen',
    auditTarget: 'eventId',
    body: CoachingReopenBody,
  },
  figures: {
    method: 'GET',
    path: '/v1/coaching/figures',
    summary: 'Coaching counts by state and the time from mark to coaching, for the incidents of a span',
    access: coachingReaders,
    query: CoachingFiguresQuery,
    response: CoachingFigures,
  },
});
