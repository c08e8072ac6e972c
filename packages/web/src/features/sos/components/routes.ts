import { joinPath, mainRoutes, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';

/** Whether the role may open the route at `path` (e.g. '/dvr/:licensePlate'): every route on the way must allow it. */
export function routeOpen(path: string, role: Role): boolean {
  const walk = (routes: readonly RouteEntry[], parent: string): boolean | undefined => {
    for (const route of routes) {
      const full = joinPath(parent, route.path);
      if (full === path) return routeAllows(route, role);
      if (route.children && path.startsWith(full)) {
        const found = walk(route.children, full);
        if (found !== undefined) return found && routeAllows(route, role);
      }
    }
    return undefined;
  };
  return walk(mainRoutes, '') ?? false;
}
