import { describe, expect, it } from 'vitest';
import { apiEndpoints, canCall, type Endpoint, httpCall, TAG, vehicleApi } from '../src/index.js';

const all = Object.values(apiEndpoints).flatMap((group) => Object.values(group) as Endpoint[]);

describe('endpoint declarations', () => {
  it('declare each method and path once', () => {
    const keys = all.map((declaration) => `${declaration.method} ${declaration.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give every write of an account an operation-log action and every group a tag', () => {
    const unlogged = all.filter((declaration) => declaration.method !== 'GET' && declaration.access !== 'device' && !declaration.audit);
    expect(unlogged.map((d) => d.path)).toEqual([]);
    for (const group of Object.values(apiEndpoints)) expect(typeof group[TAG]).toBe('string');
  });
});

describe('httpCall', () => {
  it('fills path parameters and sends the rest as the query of a GET or DELETE', () => {
    expect(httpCall(vehicleApi.removeEmail, { id: 7 })).toEqual({
      method: 'DELETE',
      path: '/v1/vehicle/email/7',
      query: {},
      body: undefined,
    });
    expect(httpCall(vehicleApi.list, { page: 2, limit: 20, licensePlate: 'AB' })).toMatchObject({
      method: 'GET',
      path: '/v1/vehicle/list',
      query: { page: 2, limit: 20, licensePlate: 'AB' },
    });
  });

  it('sends the input as the body of a PUT or POST', () => {
    expect(httpCall(vehicleApi.bind, { vehicleId: 1, deviceId: 2 })).toEqual({
      method: 'PUT',
      path: '/v1/vehicle/bind',
      query: {},
      body: { vehicleId: 1, deviceId: 2 },
    });
  });

  it('refuses a call without its path parameter', () => {
    expect(() => httpCall(vehicleApi.remove, {})).toThrow(/parameter id/);
  });
});

describe('canCall', () => {
  it('follows the declared access: session means every console role but the normal user', () => {
    expect(canCall('FLEET_ADMIN', vehicleApi.bind)).toBe(true);
    expect(canCall('SITE_ADMIN', vehicleApi.bind)).toBe(false);
    expect(canCall('SITE_ADMIN', vehicleApi.list)).toBe(true);
    expect(canCall('NORMAL_USER', vehicleApi.list)).toBe(false);
    expect(canCall(undefined, vehicleApi.list)).toBe(false);
    expect(canCall(undefined, { access: 'public' })).toBe(true);
  });
});
