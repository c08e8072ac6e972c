import { type MaintenanceState, maintenanceApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { systemSetting } from '../../db/schema.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';

const KEY = 'maintenance';
const OFF: MaintenanceState = { on: false, message: null };

/** Maintenance mode (issue 4), kept in the shared settings so every node follows it within the cache window. */
export class Maintenance {
  private readonly cache = new TtlCache<string, MaintenanceState>(NODE_CACHE_MS);

  constructor(private readonly db: Db) {}

  async state(): Promise<MaintenanceState> {
    const cached = this.cache.get(KEY);
    if (cached) return cached;
    const [row] = await this.db.select({ value: systemSetting.value }).from(systemSetting).where(eq(systemSetting.key, KEY));
    const state = row ? (JSON.parse(row.value) as MaintenanceState) : OFF;
    this.cache.set(KEY, state);
    return state;
  }

  async set(state: MaintenanceState): Promise<void> {
    const value = JSON.stringify(state);
    await this.db.insert(systemSetting).values({ key: KEY, value }).onConflictDoUpdate({ target: systemSetting.key, set: { value } });
    this.cache.set(KEY, state);
  }
}

/**
 * While maintenance is on, everyone but the Super Admin gets SYSTEM_MAINTENANCE (HTTP 503) from every call except
 * those marked `duringMaintenance` (health, login, logout, selfInfo, the maintenance state): the console then shows /maintenance.
 */
export function registerMaintenanceGate(app: FastifyInstance, maintenance: Maintenance) {
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.duringMaintenance || req.principal?.role === 'SUPER_ADMIN') return;
    if (req.routeOptions.config.access === undefined) return;
    if ((await maintenance.state()).on) throw new AppError('SYSTEM_MAINTENANCE');
  });
}

/** Handlers of the contract's maintenance endpoints. */
export const maintenanceRoutes: FastifyPluginAsync<{ maintenance: Maintenance }> = async (app, { maintenance }) => {
  serve(app, maintenanceApi, {
    state: () => maintenance.state(),
    setState: async (req) => maintenance.set(req.body),
  });
};
