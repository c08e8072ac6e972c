import { OperationLog } from './components/OperationLog.js';

/** /system/log: the operation log of the caller's scope (Super Admin, Agent Admin). */
export function SystemLogPage() {
  return <OperationLog scope="system" />;
}
