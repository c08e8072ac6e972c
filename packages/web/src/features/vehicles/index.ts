export { VehicleEditPage } from './VehicleEditPage.js';
export { VehicleListPage } from './VehicleListPage.js';
export { VehicleMapPage } from './VehicleMapPage.js';
