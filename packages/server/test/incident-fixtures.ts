import { device, incident } from '../src/db/schema.js';
import type { Ctx, Tree } from './identity-fixtures.js';

type IncidentFields = Partial<typeof incident.$inferInsert>;

export interface IncidentSource {
  /** The device's id. */
  deviceId: number;
  /** The row the gateway would file for the device's next message, in the chain's fleet. */
  row(chain: Tree, fields?: IncidentFields): typeof incident.$inferInsert;
  /** Files that row and answers the incident's id. */
  add(chain: Tree, fields?: IncidentFields): Promise<number>;
}

/**
 * A device of the tree's company (not bound to a vehicle) and the incidents the gateway files for it: collisions with
 * message ids `${messagePrefix}1`, `${messagePrefix}2`…, each triggered a second before the one filed before it, then
 * `defaults`, then the call's own fields.
 */
export async function incidentSource(
  ctx: Ctx,
  tree: Tree,
  source: { uuid: string; plate: string; messagePrefix: string; defaults?: IncidentFields },
): Promise<IncidentSource> {
  const [dev] = await ctx.database.db
    .insert(device)
    .values({ deviceUuid: source.uuid, belongAgentId: tree.agent, belongCompanyId: tree.company })
    .returning({ id: device.id });
  const deviceId = dev?.id ?? 0;
  let messages = 0;
  const row = (chain: Tree, fields: IncidentFields = {}) => {
    messages += 1;
    return {
      deviceId,
      messageId: `${source.messagePrefix}${messages}`,
      deviceUuid: source.uuid,
      licensePlate: source.plate,
      type: 'collision',
      triggerAt: new Date(Date.now() - messages * 1000),
      belongAgentId: chain.agent,
      belongCompanyId: chain.company,
      belongFleetId: chain.fleet,
      ...source.defaults,
      ...fields,
    };
  };
  const add = async (chain: Tree, fields: IncidentFields = {}) => {
    const [added] = await ctx.database.db.insert(incident).values(row(chain, fields)).returning({ id: incident.id });
    if (!added) throw new Error('insert failed');
    return added.id;
  };
  return { deviceId, row, add };
}
