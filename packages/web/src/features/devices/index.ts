export { useDevice } from './api/get-device.js';
export { useDevices } from './api/get-devices.js';
export { OnlineTag } from './components/display.js';
export { DeviceListPage } from './DeviceListPage.js';
export { UnmatchedDevicesPage } from './UnmatchedDevicesPage.js';
