import { Type } from 'typebox';
import { ById } from '../api/common.js';
import { SosCount, SosEntry, SosHistoryPage, SosHistoryQuery } from '../api/sos.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove } from '../roles.js';

/** The Focus Board (SPEC section 2); SPEC section 7 does not show these paths: ours are /v1/sos/*. */
export const sosApi = endpoints('sos', {
  active: {
    method: 'GET',
    path: '/v1/sos/active',
    summary: 'Open S.O.S of the caller’s scope (the Focus Board card), newest first',
    access: 'session',
    response: Type.Array(SosEntry),
  },
  count: {
    method: 'GET',
    path: '/v1/sos/count',
    summary: 'How many S.O.S of the caller’s scope are open (the Focus Board badge)',
    access: 'session',
    response: SosCount,
  },
  history: {
    method: 'GET',
    path: '/v1/sos/history',
    summary: 'Every S.O.S of the caller’s scope, newest first (page size 10 by default)',
    access: 'session',
    query: SosHistoryQuery,
    response: SosHistoryPage,
  },
  close: {
    method: 'PUT',
    path: '/v1/sos/close',
    summary: 'Close an S.O.S: it leaves the Focus Board',
    /** The writers of incidents. */
    access: fleetAdminsAndAbove,
    audit: 'sos.close',
    auditTarget: 'id',
    body: ById,
    response: SosEntry,
  },
});
