import { api } from '../../../shared/http/api.js';

/** `PUT /v1/dashboard/log`: the operation log records that the dashboard was opened; a failure is not the user's concern. */
export const logDashboardOpened = () => api.dashboard.logOpen(undefined, { silent: true }).catch(() => undefined);
