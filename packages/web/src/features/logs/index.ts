export { CsvExportButton } from './components/log-parts.js';
export { OperationLog } from './components/OperationLog.js';
