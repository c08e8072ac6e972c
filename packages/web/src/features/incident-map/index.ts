export { IncidentMapPage } from './IncidentMapPage.js';
