export { useDevice } from './api/get-device.js';
export { useDevices } from './api/get-devices.js';
export { OnlineTag } from './components/display.js';
export { DEVICE_FILTERS, deviceFilters } from './components/filters.js';
export { DeviceListPage } from './DeviceListPage.js';
export { UnmatchedDevicesPage } from './UnmatchedDevicesPage.js';
