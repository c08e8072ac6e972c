import { maintenanceApi, orgApi, vehicleApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLog } from '../src/db/schema.js';
import { declaredEndpoints } from '../src/http/contract-check.js';
import { call } from './api-client.js';
import { login, testApp } from './helpers.js';
import { seedTree, signedIn } from './identity-fixtures.js';

describe('the contract is the server', () => {
  it('serves exactly the declared endpoints, each registered from its declaration', async () => {
    const { app, close } = await testApp();
    try {
      await app.ready();
      expect([...app.contract.served].sort()).toEqual(declaredEndpoints().sort());
    } finally {
      await close();
    }
  });

  it('logs the declared auditTarget: a path parameter, a query or a body field; none when a gate refuses the call', async () => {
    const ctx = await testApp();
    try {
      const admin = await login(ctx.app);
      const targets = async (action: string) =>
        (await ctx.database.db.select().from(operationLog).where(eq(operationLog.action, action))).map(({ target, result }) => ({
          target,
          result,
        }));
      const tree = await seedTree(ctx, admin, 'Targets');
      const boss = await signedIn(ctx, 'targets.company', 'COMPANY_ADMIN', tree);
      expect((await call(ctx, admin, orgApi.agentUpdate, { id: tree.agent, name: 'Agent Renamed' })).code).toBe(200);
      expect(await targets('org.agent.update')).toEqual([{ target: String(tree.agent), result: 'REQUEST_SUCCESS' }]);
      const vehicle = (await call(ctx, admin, vehicleApi.create, { licensePlate: 'TGT 1', fleetId: tree.fleet, initialMileageKm: 0 })).data
        .id;
      expect((await call(ctx, admin, vehicleApi.remove, { id: vehicle })).code).toBe(200);
      expect(await targets('vehicle.delete')).toEqual([{ target: String(vehicle), result: 'REQUEST_SUCCESS' }]);
      // The maintenance gate refuses before the handler would run: as then, the line names no target.
      await call(ctx, admin, maintenanceApi.setState, { on: true, message: null });
      expect((await call(ctx, boss.token, orgApi.siteRemove, { id: tree.site })).codeKey).toBe('SYSTEM_MAINTENANCE');
      await call(ctx, admin, maintenanceApi.setState, { on: false, message: null });
      expect((await call(ctx, boss.token, orgApi.siteRemove, { id: tree.site })).code).toBe(200);
      expect(await targets('org.site.delete')).toEqual([
        { target: null, result: 'SYSTEM_MAINTENANCE' },
        { target: String(tree.site), result: 'REQUEST_SUCCESS' },
      ]);
    } finally {
      await ctx.close();
    }
  });
});
