// The page is loaded by the router from its own module (app/pages.ts); the guard uses the query on every navigation.
export { maintenanceQuery, useMaintenance } from './api/maintenance.js';
export { MaintenanceSwitch } from './components/MaintenanceSwitch.js';
