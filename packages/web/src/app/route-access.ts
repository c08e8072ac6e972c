import { joinPath, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';

/** Whether a route pattern ('list/:licensePlate?') matches the path segments exactly. */
function matches(pattern: string[], segments: string[]): boolean {
  let i = 0;
  for (const part of pattern) {
    const optional = part.startsWith(':') && part.endsWith('?');
    if (i >= segments.length) {
      if (optional) continue;
      return false;
    }
    if (!part.startsWith(':') && part !== segments[i]) return false;
    i++;
  }
  return i === segments.length;
}

const split = (path: string) => path.split('/').filter(Boolean);

/** The chain of route-table entries, from the top, that leads to a path; empty when the table does not know it. */
export function routeChain(routes: readonly RouteEntry[], pathname: string, parent = '/'): RouteEntry[] {
  const segments = split(pathname);
  for (const route of routes) {
    const full = joinPath(parent, route.path);
    if (route.children) {
      const below = routeChain(route.children, pathname, full);
      if (below.length > 0) return [route, ...below];
    }
    if (matches(split(full), segments)) return [route];
  }
  return [];
}

/** CONSOLE.md: a route the role may not see resolves to /404 (every entry on the way must allow the role). */
export function roleMayOpen(routes: readonly RouteEntry[], pathname: string, role: Role): boolean {
  return routeChain(routes, pathname).every((route) => routeAllows(route, role));
}
