import type { Role } from '@safety-shield/contract';

/** Pages both kinds of admin find first: the dashboard, incidents, vehicles, the incident map and statistics. */
const FIRST_PAGES = ['/dashboard', '/event/list', '/event/coaching', '/vehicle/list', '/map/event', '/statistics/list'];

/**
 * The built pages of the real route table a role may open, in menu order: what the menu's items and the header
 * search's pool both hold (the menu adds its sections around them).
 */
export const rolePages: Partial<Record<Role, string[]>> = {
  COMPANY_ADMIN: [
    ...FIRST_PAGES,
    '/devicepage/unMatched',
    '/devicepage/locks',
    '/org/fleet/list',
    '/org/site/list',
    '/account/list',
    '/system/companySetting',
  ],
  SUPER_ADMIN: [
    ...FIRST_PAGES,
    '/devicepage/unMatched',
    '/devicepage/list',
    '/devicepage/locks',
    '/devicepage/upgrade-list',
    '/upgradeCollection/index',
    '/devicepage/maintenance',
    '/org/agent/list',
    '/org/company/list',
    '/org/fleet/list',
    '/org/site/list',
    '/account/list',
    '/subscribe/list',
    '/subscribe/usage',
    '/system/log',
    '/system/deviceLog',
    '/system/deviceOperatonLog',
  ],
};
