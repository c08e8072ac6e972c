export { ReportSchedules } from './ReportSchedules.js';
