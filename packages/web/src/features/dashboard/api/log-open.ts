import { http } from '../../../shared/http/client.js';

/** `PUT /v1/dashboard/log`: the operation log records that the dashboard was opened; a failure is not the user's concern. */
export const logDashboardOpened = () => http.put<null>('/v1/dashboard/log', undefined, { silent: true }).catch(() => undefined);
