import { accountApi, credentialApi } from './account.js';
import { clauseApi } from './clause.js';
import { coachingApi } from './coaching.js';
import { dashboardApi } from './dashboard.js';
import { deviceAlertApi, deviceApi } from './device.js';
import { deviceConfigApi, deviceTaskApi, runtimeLogApi, thresholdApi } from './device-config.js';
import { deviceLockApi } from './device-lock.js';
import { driverTextApi } from './driver-text.js';
import { dvrApi } from './dvr.js';
import { eventApi, eventMapApi, evidenceRequestApi, resourceApi, shareApi } from './event.js';
import { firmwareApi } from './firmware.js';
import { jt808TerminalApi } from './jt808-terminal.js';
import { liveApi } from './live.js';
import { logApi } from './log.js';
import { mapApi } from './map.js';
import { orgApi } from './org.js';
import { mediaApi, objectApi } from './plumbing.js';
import { pushApi } from './push.js';
import { reportApi } from './report.js';
import { reportScheduleApi } from './report-schedule.js';
import { safetyScoreApi } from './safety-score.js';
import { sosApi } from './sos.js';
import { ssoApi } from './sso.js';
import { statisticsApi } from './statistics.js';
import { subscriptionApi } from './subscription.js';
import { healthApi, maintenanceApi } from './system.js';
import { vehicleApi } from './vehicle.js';

export {
  accountApi,
  clauseApi,
  coachingApi,
  credentialApi,
  dashboardApi,
  deviceAlertApi,
  deviceApi,
  deviceConfigApi,
  deviceLockApi,
  deviceTaskApi,
  driverTextApi,
  dvrApi,
  eventApi,
  eventMapApi,
  evidenceRequestApi,
  firmwareApi,
  healthApi,
  jt808TerminalApi,
  liveApi,
  logApi,
  maintenanceApi,
  mapApi,
  mediaApi,
  objectApi,
  orgApi,
  pushApi,
  reportApi,
  reportScheduleApi,
  resourceApi,
  runtimeLogApi,
  safetyScoreApi,
  shareApi,
  sosApi,
  ssoApi,
  statisticsApi,
  subscriptionApi,
  thresholdApi,
  vehicleApi,
};

/** Every endpoint of the API by domain: the server serves exactly these, the console calls them through `api`. */
export const apiEndpoints = {
  account: accountApi,
  credential: credentialApi,
  sso: ssoApi,
  org: orgApi,
  log: logApi,
  clause: clauseApi,
  subscription: subscriptionApi,
  maintenance: maintenanceApi,
  health: healthApi,
  event: eventApi,
  eventMap: eventMapApi,
  evidenceRequest: evidenceRequestApi,
  resource: resourceApi,
  coaching: coachingApi,
  share: shareApi,
  device: deviceApi,
  deviceAlert: deviceAlertApi,
  deviceConfig: deviceConfigApi,
  deviceTask: deviceTaskApi,
  runtimeLog: runtimeLogApi,
  threshold: thresholdApi,
  deviceLock: deviceLockApi,
  driverText: driverTextApi,
  jt808Terminal: jt808TerminalApi,
  firmware: firmwareApi,
  dvr: dvrApi,
  live: liveApi,
  sos: sosApi,
  dashboard: dashboardApi,
  report: reportApi,
  safetyScore: safetyScoreApi,
  statistics: statisticsApi,
  reportSchedule: reportScheduleApi,
  object: objectApi,
  media: mediaApi,
  push: pushApi,
  map: mapApi,
  vehicle: vehicleApi,
} as const;
