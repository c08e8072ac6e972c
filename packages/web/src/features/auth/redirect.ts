import { pathTo } from '@safety-shield/contract';
/** Where to go after login: only a path of this console, never another site ('//host', 'https://…'). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith(pathTo('Login'))) return '/';
  return target;
}

/** The login URL that brings the user back to `path` (query included) afterwards. */
export const loginPathFor = (path: string) => pathTo('Login', path === '/' ? {} : { query: { redirect: path } });
