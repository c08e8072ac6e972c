export { maintenanceQuery, useMaintenance } from './api/maintenance.js';
export { MaintenanceSwitch } from './components/MaintenanceSwitch.js';
export { MaintenancePage } from './MaintenancePage.js';
