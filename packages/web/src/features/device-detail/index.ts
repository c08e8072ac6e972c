// The page is loaded by the router from its own module (app/pages.ts); the monitor's drawer shows a device's alerts.
export { AlertHistory } from './components/AlertHistory.js';
export { AlertStateTag, FaultTag, faultText, HandledBy } from './components/fault.js';
export { DeviceDetailPage } from './DeviceDetailPage.js';
export { useAlertFeed } from './use-alert-feed.js';
