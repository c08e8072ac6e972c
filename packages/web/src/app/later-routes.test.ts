import { mainRoutes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { implementedPages } from './implemented-pages.js';
import { laterRoutes, sectionRedirects } from './later-routes.js';

describe('the pages of later releases', () => {
  it('lists every named page of the route table that is not built, with its full path', () => {
    const later = laterRoutes(mainRoutes, implementedPages);
    expect(later).toContainEqual({ path: 'devicepage/upgrade-list', title: 'upgradeList' });
    expect(later.map((route) => route.path)).not.toContain('account/list');
    expect(later.map((route) => route.path)).not.toContain('event/list');
    expect(later.map((route) => route.path)).not.toContain('event/:eventId');
    expect(later.map((route) => route.path)).not.toContain('vehicle/list/:licensePlate?');
    expect(later.map((route) => route.path)).not.toContain('map/event');
    expect(later.map((route) => route.path)).not.toContain('dvr/:licensePlate');
  });

  it('sends a bare section path to its first page', () => {
    expect(sectionRedirects(mainRoutes)).toContainEqual({ path: 'event', to: '/event/list' });
    expect(sectionRedirects(mainRoutes)).toContainEqual({ path: 'clauseInfo', to: '/clause/list' });
    expect(sectionRedirects(mainRoutes).map((r) => r.path)).not.toContain('org');
  });
});
