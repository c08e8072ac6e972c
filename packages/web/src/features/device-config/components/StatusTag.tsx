import type { ConfigStatus } from '@safety-shield/contract';
import { StateTag } from '../../../shared/ui/StateTag.js';

const colours: Record<ConfigStatus, string> = {
  draft: 'default',
  saved: 'gold',
  dispatched: 'processing',
  applied: 'success',
  refused: 'error',
  cancelled: 'default',
  expired: 'default',
};

/** Where a configuration version stands. */
export function StatusTag({ status }: { status: ConfigStatus }) {
  return <StateTag value={status} colours={colours} textKey="deviceConfig.status" testId="config-status" valueAttribute="status" />;
}
