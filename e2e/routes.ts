import { filterRoutes, mainRoutes, publicRoutes, type Role, tablePages } from '@safety-shield/contract';

/** A page of the route table as a browser test opens it. */
export interface TestPage {
  name: string;
  path: string;
  /** Its path holds a record's id from `params`. */
  filled: boolean;
}

/** Path parameters a test fills in: a page opened with an unknown record still draws its frame and says so. */
export type PathParams = Readonly<Record<string, string>>;

/** Pages about one record named in their query (`?deviceId=`): opened with it when `params` holds it. */
const QUERY_PARAMS: Readonly<Record<string, string>> = {
  DeviceConfigSetting: 'deviceId',
  DeviceConfigInfo: 'deviceId',
  DeviceDetail: 'deviceId',
};

/**
 * Every named page of the table (later releases' too) that the role may open, at the path the route table gives it:
 * optional parameters dropped, required ones filled from `params`; a page whose parameter `params` lacks is left out.
 */
export function pagesOf(table: 'main' | 'public', role: Role, params: PathParams = {}): TestPage[] {
  const routes = table === 'main' ? filterRoutes(mainRoutes, role) : publicRoutes;
  return tablePages(routes).flatMap(({ name, path }) => {
    const filled = path
      .replace(/\/:\w+\?/g, '')
      .replace(/:(\w+)/g, (whole, key: string) => (key in params ? encodeURIComponent(params[key] ?? '') : whole));
    const key = QUERY_PARAMS[name];
    const query = key && params[key] ? `?${key}=${encodeURIComponent(params[key])}` : '';
    return filled.includes('/:') ? [] : [{ name, path: filled + query, filled: /\/:\w+(?!\?)/.test(path) || query !== '' }];
  });
}
