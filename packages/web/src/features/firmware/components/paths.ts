import { pathTo } from '@safety-shield/contract';
/** The upgrade manager's page: its URL names the open campaign or the new-campaign form and what it starts with. */
export const TASK_PARAM = 'taskId';
export const NEW_PARAM = 'new';
export const PACKAGE_PARAM = 'packageId';
export const DEVICES_PARAM = 'deviceIds';

/** The new-campaign form, with a package chosen. */
export const campaignFormPath = (packageId?: number) =>
  pathTo('UpgradeManager', { query: packageId === undefined ? { [NEW_PARAM]: 1 } : { [PACKAGE_PARAM]: packageId } });

/** A campaign's devices, live. */
export const campaignPath = (taskId: number) => pathTo('UpgradeManager', { query: { [TASK_PARAM]: taskId } });
