export { DeviceListPage } from './DeviceListPage.js';
export { UnmatchedDevicesPage } from './UnmatchedDevicesPage.js';
