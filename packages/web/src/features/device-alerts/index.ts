// The page is loaded by the router from its own module (app/pages.ts): the sidebar's badge must not pull it in.
export { useDeviceAlertCount } from './api/device-alerts.js';
export { useDeviceAlertFeed } from './use-device-alert-feed.js';
