import { type QueryParams, toQuery } from './query.js';
import type { Role } from './roles.js';
import {
  joinPath,
  type MainTable,
  mainRoutes,
  type PublicTable,
  publicRoutes,
  type RouteEntry,
  type RouteName,
  routeAllows,
} from './routes.js';

/**
 * Links to the console's pages, derived from the route table: `pathTo('EventDetail', { eventId: 7 })` is
 * '/event/7'. A name the table does not hold, a path parameter left out or one the path does not have does not compile.
 */

/** A named route of the route table, with its full path. */
export interface TablePage {
  name: string;
  /** From the root, with the leading slash: '/vehicle/list/:licensePlate?'. */
  path: string;
  /** i18n key under `route.`; the status pages have none. */
  title?: string;
}

/** Every named route of a table, children included, in the table's order. */
export function tablePages(routes: readonly RouteEntry[], parent = '/'): TablePage[] {
  return routes.flatMap((route) => {
    const path = joinPath(parent, route.path);
    const own: TablePage[] = route.name ? [{ name: route.name, path, ...(route.title ? { title: route.title } : {}) }] : [];
    return [...own, ...(route.children ? tablePages(route.children, path) : [])];
  });
}

/** `joinPath` in types. */
type Joined<Parent extends string, Child extends string> = Child extends `/${string}`
  ? Child
  : Parent extends `${infer Head}/`
    ? `${Head}/${Child}`
    : `${Parent}/${Child}`;

/** Name and full path of every named route of a table, as written. */
type PathsIn<Table, Parent extends string> = Table extends readonly (infer Entry)[] ? PathsOf<Entry, Parent> : never;
type PathsOf<Entry, Parent extends string> = Entry extends { readonly path: infer Own extends string }
  ?
      | (Entry extends { readonly name: infer Name extends string } ? { name: Name; path: Joined<Parent, Own> } : never)
      | (Entry extends { readonly children: infer Children } ? PathsIn<Children, Joined<Parent, Own>> : never)
  : never;
type TableRoute = PathsIn<PublicTable, '/'> | PathsIn<MainTable, '/'>;

/** The route table's path of a page: `PagePath<'VehicleList'>` is '/vehicle/list/:licensePlate?'. */
export type PagePath<Name extends RouteName> = Extract<TableRoute, { name: Name }>['path'];

type Segments<Path extends string> = Path extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : Path;
type RequiredParams<Path extends string> =
  Segments<Path> extends infer Segment ? (Segment extends `:${infer Param}` ? (Param extends `${string}?` ? never : Param) : never) : never;
type OptionalParams<Path extends string> =
  Segments<Path> extends infer Segment ? (Segment extends `:${infer Param}?` ? Param : never) : never;

/** What fills a path parameter; encoded on the way in. */
type ParamValue = string | number;

/** The path parameters of a page, and the query string to add (encoded; empty values are left out). */
export type PageLink<Name extends RouteName> = {
  [Param in RequiredParams<PagePath<Name>>]: ParamValue;
} & { [Param in OptionalParams<PagePath<Name>>]?: ParamValue } & { query?: QueryParams | URLSearchParams };

/** The link argument: required when the page's path has a required parameter. */
type LinkArgs<Name extends RouteName> = [RequiredParams<PagePath<Name>>] extends [never] ? [link?: PageLink<Name>] : [link: PageLink<Name>];

const pathByName = new Map(
  [...tablePages(publicRoutes), ...tablePages(mainRoutes)].map((page): [string, string] => [page.name, page.path]),
);
const PARAM = /\/:([A-Za-z0-9_]+)(\?)?/g;

/**
 * The link to a page of the route table: its path with the parameters filled in (an optional one left out drops its
 * segment), then the query string.
 */
export function pathTo<Name extends RouteName>(name: Name, ...[link]: LinkArgs<Name>): string {
  const pattern = pathByName.get(name);
  if (pattern === undefined) throw new Error(`No page is named ${name}`);
  const { query, ...params } = (link ?? {}) as { query?: QueryParams | URLSearchParams } & Record<string, unknown>;
  const path = pattern.replace(PARAM, (_match, param: string, optional?: string) => {
    const value = params[param];
    if (value !== undefined && value !== null && value !== '') return `/${encodeURIComponent(String(value))}`;
    if (optional) return '';
    throw new Error(`${pattern}: parameter ${param} missing`);
  });
  return path + toQuery(query);
}

/** Whether the role may open the page named `name`: it and every route on the way to it allow the role. */
export function mayOpenPage(name: RouteName, role: Role): boolean {
  const walk = (routes: readonly RouteEntry[]): boolean | undefined => {
    for (const route of routes) {
      if (route.name === name) return routeAllows(route, role);
      const below = route.children ? walk(route.children) : undefined;
      if (below !== undefined) return below && routeAllows(route, role);
    }
    return undefined;
  };
  return walk([...publicRoutes, ...mainRoutes]) ?? false;
}
