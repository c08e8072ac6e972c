export { DeviceAlertsPage } from './DeviceAlertsPage.js';
