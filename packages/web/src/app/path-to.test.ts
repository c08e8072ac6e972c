import { mayOpenPage, type PagePath, pathTo } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';

describe('pathTo', () => {
  it('gives a page without parameters its path', () => {
    expect(pathTo('Dashboard')).toBe('/dashboard');
    expect(pathTo('Login')).toBe('/login');
    expect(pathTo('AgentList')).toBe('/org/agent/list');
  });

  it('fills and encodes path parameters', () => {
    expect(pathTo('EventDetail', { eventId: 42 })).toBe('/event/42');
    expect(pathTo('VehicleMap', { licensePlate: 'AB 1/2' })).toBe('/map/AB%201%2F2');
  });

  it('drops an optional parameter left out or empty', () => {
    expect(pathTo('VehicleList')).toBe('/vehicle/list');
    expect(pathTo('VehicleList', { licensePlate: '' })).toBe('/vehicle/list');
    expect(pathTo('VehicleList', { licensePlate: 'ÅB-12' })).toBe('/vehicle/list/%C3%85B-12');
  });

  it('adds the query encoded, leaving empty values out', () => {
    expect(pathTo('DeviceDetail', { query: { deviceId: 7 } })).toBe('/device/detailPage?deviceId=7');
    expect(pathTo('Login', { query: { redirect: '/event/list?page=2&x=a b' } })).toBe(
      '/login?redirect=%2Fevent%2Flist%3Fpage%3D2%26x%3Da+b',
    );
    expect(pathTo('AccountList', { query: { name: undefined, state: '', ids: [1, 2] } })).toBe('/account/list?ids=1&ids=2');
    expect(pathTo('Statistics', { query: new URLSearchParams({ tab: 'safety' }) })).toBe('/statistics/list?tab=safety');
  });

  it('refuses a required parameter that is empty at run time', () => {
    expect(() => pathTo('EventDetail', { eventId: '' })).toThrow('/event/:eventId: parameter eventId missing');
  });

  it('does not compile for an unknown page or a missing or extra parameter', () => {
    const path: PagePath<'VehicleList'> = '/vehicle/list/:licensePlate?';
    expect(path).toBe('/vehicle/list/:licensePlate?');
    // @ts-expect-error: no page is named 'VehicleDetail'
    expect(() => pathTo('VehicleDetail')).toThrow('No page is named VehicleDetail');
    // @ts-expect-error: '/event/:eventId' needs its eventId
    expect(() => pathTo('EventDetail')).toThrow('parameter eventId missing');
    // @ts-expect-error: the link must name eventId
    expect(() => pathTo('EventDetail', { query: { eventId: 1 } })).toThrow('parameter eventId missing');
    // @ts-expect-error: '/device/detailPage' has no path parameter deviceId (it goes in the query)
    expect(pathTo('DeviceDetail', { deviceId: 7 })).toBe('/device/detailPage');
    // @ts-expect-error: '/map/:licensePlate' has no parameter plate
    expect(pathTo('VehicleMap', { licensePlate: 'A', plate: 'B' })).toBe('/map/A');
  });
});

describe('mayOpenPage', () => {
  it('lets a role open a page when the page and every route above it allow the role', () => {
    expect(mayOpenPage('Dvr', 'SUPER_ADMIN')).toBe(true);
    expect(mayOpenPage('Dvr', 'COMPANY_ADMIN')).toBe(false);
    expect(mayOpenPage('VehicleMap', 'SITE_ADMIN')).toBe(true);
    expect(mayOpenPage('VehicleMap', 'SUPER_ASSISTANT')).toBe(false);
    expect(mayOpenPage('ClauseState', 'FLEET_ADMIN')).toBe(true);
    expect(mayOpenPage('ClauseState', 'SITE_ADMIN')).toBe(false);
    expect(mayOpenPage('Login', 'SITE_ADMIN')).toBe(true);
  });
});
