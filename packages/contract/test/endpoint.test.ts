import { describe, expect, it } from 'vitest';
import {
  accountApi,
  apiEndpoints,
  canCall,
  credentialApi,
  type Endpoint,
  httpCall,
  type SelfInfo,
  sessionStepsOf,
  sosApi,
  TAG,
  vehicleApi,
} from '../src/index.js';

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

describe('input schemas', () => {
  /** Every object node of a schema, with where it sits. */
  function objects(schema: unknown, at: string): Array<[string, Record<string, unknown>]> {
    if (Array.isArray(schema)) return schema.flatMap((item, i) => objects(item, `${at}[${i}]`));
    if (!schema || typeof schema !== 'object') return [];
    const node = schema as Record<string, unknown>;
    const own: Array<[string, Record<string, unknown>]> = node.type === 'object' ? [[at, node]] : [];
    return [...own, ...Object.entries(node).flatMap(([key, child]) => objects(child, `${at}.${key}`))];
  }

  it('refuse undeclared properties in every object of every query, path and body, but where a schema opts out', () => {
    const open: string[] = [];
    for (const [domain, group] of Object.entries(apiEndpoints))
      for (const [name, declaration] of Object.entries(group as Record<string, Endpoint>))
        for (const part of ['params', 'query', 'body'] as const)
          for (const [at, node] of objects(declaration[part], `${domain}.${name}.${part}`)) {
            if (node.additionalProperties === true) open.push(at);
            else expect(node.patternProperties ?? node.additionalProperties, at).toBe(false);
          }
    // The media server fills its hook's body with fields of its own (api/live.ts says why): the one opt-out.
    expect(open).toEqual(['live.hook.body']);
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

  it('with the steps a session still owes, allows only what the server answers before them (SPEC section 2)', () => {
    const firstLogin = { mustChangePassword: true, clausesWaiting: false };
    const termsWaiting = { mustChangePassword: false, clausesWaiting: true };
    expect(canCall('COMPANY_ADMIN', sosApi.count, firstLogin)).toBe(false);
    expect(canCall('COMPANY_ADMIN', accountApi.selfInfo, firstLogin)).toBe(true);
    expect(canCall('COMPANY_ADMIN', credentialApi.paramSetting, firstLogin)).toBe(false);
    expect(canCall('COMPANY_ADMIN', credentialApi.paramSetting, termsWaiting)).toBe(true);
    expect(canCall('COMPANY_ADMIN', sosApi.count, termsWaiting)).toBe(false);
    expect(canCall('COMPANY_ADMIN', sosApi.count, { mustChangePassword: false, clausesWaiting: false })).toBe(true);
  });

  it('reads the steps from selfInfo: own or organisation terms both wait', () => {
    const info = (firstTimeLogin: boolean, finishClause: boolean, orgFinishClause: boolean) =>
      ({ baseInfo: { firstTimeLogin, finishClause }, orgFinishClause }) as unknown as SelfInfo;
    expect(sessionStepsOf(info(true, true, true))).toEqual({ mustChangePassword: true, clausesWaiting: false });
    expect(sessionStepsOf(info(false, false, true)).clausesWaiting).toBe(true);
    expect(sessionStepsOf(info(false, true, false)).clausesWaiting).toBe(true);
  });
});
