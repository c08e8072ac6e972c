export { DeviceLockPage } from './DeviceLockPage.js';
