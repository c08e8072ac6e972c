export { OperationLog } from './components/OperationLog.js';
