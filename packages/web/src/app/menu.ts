import { joinPath, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';

export interface MenuNode {
  /** The full path the item opens (for a submenu: its own path). */
  key: string;
  /** i18n key under `route.` */
  titleKey: string;
  icon?: string;
  children?: MenuNode[];
}

/** A route path without its parameters: 'list/:licensePlate?' → 'list'. */
const staticPath = (path: string) =>
  path
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join('/');

/**
 * The sidebar from the route table (CONSOLE.md, sidebar): routes the role may not see and hidden ones are left out,
 * as are pages not built yet; a single visible leaf child is drawn in its parent's place.
 */
export function buildMenu(routes: readonly RouteEntry[], role: Role, built: ReadonlySet<string>, parent = '/'): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.hidden || !routeAllows(route, role)) continue;
    const key = joinPath(parent, staticPath(route.path)) || '/';
    if (!route.children) {
      if (route.name && built.has(route.name) && route.title) nodes.push({ key, titleKey: route.title, icon: route.icon });
      continue;
    }
    const children = buildMenu(route.children, role, built, key);
    const [only] = children;
    if (children.length === 0) continue;
    if (children.length === 1 && only && !only.children && !route.alwaysShow) {
      nodes.push({ ...only, icon: only.icon ?? route.icon });
      continue;
    }
    nodes.push({ key, titleKey: route.title ?? only?.titleKey ?? '', icon: route.icon, children });
  }
  return nodes;
}
