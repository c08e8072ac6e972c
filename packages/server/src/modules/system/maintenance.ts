import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MaintenanceState } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { systemSetting } from '../../db/schema.js';
import { Envelope, ok } from '../../http/envelope.js';
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

export const maintenanceRoutes: FastifyPluginAsyncTypebox<{ maintenance: Maintenance }> = async (app, { maintenance }) => {
  app.get(
    '/v1/system/maintenance',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the portal is in maintenance, and the message to show',
        response: { 200: Envelope(MaintenanceState) },
      },
      config: { access: 'public', duringMaintenance: true },
    },
    async () => ok(await maintenance.state()),
  );

  app.put(
    '/v1/system/maintenance',
    {
      schema: {
        tags: ['system'],
        summary: 'Switch maintenance mode on or off (Super Admin)',
        body: MaintenanceState,
        response: { 200: Envelope(Type.Null()) },
      },
      config: { access: ['SUPER_ADMIN'], audit: 'system.maintenance' },
    },
    async (req) => {
      await maintenance.set(req.body);
      return ok(null);
    },
  );
};
