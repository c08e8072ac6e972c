import { mainRoutes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from './breadcrumb.js';

describe('breadcrumb', () => {
  it('shows the section without a link when it has no page of its own', () => {
    expect(breadcrumbOf(mainRoutes, '/org/fleet/list')).toEqual([{ titleKey: 'organisations' }, { titleKey: 'fleets' }]);
  });

  it('links the section to its list from a hidden page', () => {
    expect(breadcrumbOf(mainRoutes, '/account/add')).toEqual([{ titleKey: 'users', to: '/account/list' }, { titleKey: 'accountAdd' }]);
  });

  it('draws a title once when the list has its section’s title', () => {
    expect(breadcrumbOf(mainRoutes, '/account/list')).toEqual([{ titleKey: 'users' }]);
  });

  it('has nothing after the dashboard on the dashboard', () => {
    expect(breadcrumbOf(mainRoutes, '/dashboard')).toEqual([]);
  });
});
