import type { Trail } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { api } from './api.js';

/**
 * Compile-time proofs, checked by `npm run typecheck` (never called): the typed client refuses a body the contract
 * does not declare and answers the declared type. An `@ts-expect-error` that stops erring fails the type check.
 */
export function typedClientRefusesWhatTheContractRefuses() {
  // @ts-expect-error the bind body needs a device
  void api.vehicle.bind({ vehicleId: 1 });
  // @ts-expect-error ids are integers, not strings
  void api.vehicle.lease({ id: '1', fleetId: 2, expireTime: 3 });
  // @ts-expect-error a path parameter is part of the input
  void api.vehicle.remove({});
  const trail: Promise<Trail> = api.vehicle.trail({ vehicleId: 1, startTime: 0, endTime: 1 });
  // @ts-expect-error the answer is the declared Trail, not a list
  const wrong: Promise<unknown[]> = api.vehicle.trail({ vehicleId: 1, startTime: 0, endTime: 1 });
  const nothing: Promise<null> = api.vehicle.unbind({ deviceId: 1 });
  return [trail, wrong, nothing];
}

describe('typed client', () => {
  it('has a call for every declared endpoint', () => {
    expect(typeof api.vehicle.bind).toBe('function');
    expect(typeof api.map.config).toBe('function');
  });
});
