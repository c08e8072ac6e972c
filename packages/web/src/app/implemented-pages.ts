/** The pages built so far, by route name of the contract's route table; the menu shows only these. */
export const implementedPages: ReadonlySet<string> = new Set([
  'Dashboard',
  'AgentList',
  'CompanyList',
  'FleetList',
  'SiteList',
  'AccountList',
  'AccountAdd',
  'AccountEdit',
  'Self',
  'SystemLog',
]);
