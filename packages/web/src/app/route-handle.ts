/** What each route shows in its tab, title and breadcrumb: the i18n key under `route.`. */
export interface RouteHandle {
  title: string;
}
