/** What the shell needs for the device menu's badge, apart from the page (which loads with its route). */
export { useDeviceAlertCount } from './api/device-alerts.js';
export { useDeviceAlertFeed } from './use-device-alert-feed.js';
