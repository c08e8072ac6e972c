import { createBrowserRouter } from 'react-router';
import { guardEveryNavigation, redirectIfSignedIn, requireSession } from './guard.js';
import { pages } from './pages.js';
import { RouteError } from './RouteError.js';
import { routeTree } from './route-tree.js';

export type { RouteHandle } from './route-handle.js';

/** The console's router: the contract's route table with the pages of `pages.ts` (see `routeTree`). */
export const router = createBrowserRouter(
  routeTree(pages, {
    layout: {
      loader: requireSession,
      shouldRevalidate: guardEveryNavigation,
      lazy: async () => ({ Component: (await import('./layout/Layout.js')).Layout }),
      errorElement: <RouteError />,
    },
    loaders: { Login: redirectIfSignedIn },
  }),
);
