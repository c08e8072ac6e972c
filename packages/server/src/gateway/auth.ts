import { and, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { device, org } from '../db/schema.js';
import { joinOwners, ownerForbidden, ownerStates } from '../device-port/owners.js';
import { hashToken, sameHash } from '../http/tokens.js';

/** MQTT CONNACK codes of the protocol's refusals. */
export const BAD_CREDENTIALS = 4;
export const NOT_AUTHORISED = 5;

export type Admission =
  | { ok: true; deviceId: number; created: boolean }
  | { ok: false; returnCode: typeof BAD_CREDENTIALS | typeof NOT_AUTHORISED; reason: string };

const refuse = (reason: string, returnCode: 4 | 5 = BAD_CREDENTIALS): Admission => ({ ok: false, returnCode, reason });

/** The secret offered to a device and not yet acknowledged (credentials.ts). */
export interface PendingSecrets {
  /** True when `hash` is the pending secret's; the device holds it, so it is stored at once. */
  claim(uuid: string, hash: string): Promise<boolean>;
}

const agent = alias(org, 'agent');

/**
 * Who may connect as a device (docs/device-protocol.md, "Identity and credentials"): its own secret, or, while it
 * has none, its company's provisioning key; an unknown device with a valid key is created within the quotas.
 */
export class DeviceAuth {
  constructor(
    private readonly db: Db,
    private readonly pending: PendingSecrets,
  ) {}

  async admit(uuid: string, password: string | undefined): Promise<Admission> {
    if (!password) return refuse('no password');
    return this.check(uuid, hashToken(password), true);
  }

  private async check(uuid: string, hash: string, mayCreate: boolean): Promise<Admission> {
    const [row] = await joinOwners(
      this.db
        .select({
          id: device.id,
          secretHash: device.secretHash,
          protocol: device.protocol,
          companyId: device.belongCompanyId,
          ...ownerStates,
        })
        .from(device)
        .$dynamic(),
    ).where(eq(device.deviceUuid, uuid));
    if (!row) return mayCreate ? this.provision(uuid, hash) : refuse('unknown device');
    // A device of another protocol (a JT/T 808 terminal) never connects over MQTT, with any key.
    if (row.protocol !== 'mqtt') return refuse('not an MQTT device');
    if (ownerForbidden(row)) return refuse('company forbidden');
    if (row.secretHash) return sameHash(hash, row.secretHash) ? { ok: true, deviceId: row.id, created: false } : refuse('wrong secret');
    if (await this.pending.claim(uuid, hash)) return { ok: true, deviceId: row.id, created: false };
    const keyOf = await this.companyOfKey(hash);
    // A key opens only its own company's devices that have no secret yet.
    if (!keyOf || keyOf.id !== row.companyId) return refuse('not a provisioning key of its company');
    return { ok: true, deviceId: row.id, created: false };
  }

  /** The enabled company (of an enabled agent) whose provisioning key has this hash. */
  private async companyOfKey(hash: string) {
    const [row] = await this.db
      .select({ id: org.id, agentId: org.belongAgentId, agentState: agent.state })
      .from(org)
      .leftJoin(agent, eq(agent.id, org.belongAgentId))
      .where(and(eq(org.provisioningKeyHash, hash), eq(org.kind, 'company'), eq(org.state, 'enabled')));
    if (!row || row.agentState === 'forbidden') return undefined;
    return row;
  }

  private async provision(uuid: string, keyHash: string): Promise<Admission> {
    const owner = await this.companyOfKey(keyHash);
    if (!owner) return refuse('unknown device');
    const result = await this.db.transaction(async (tx): Promise<Admission | undefined> => {
      // Locking the company and its agent serialises provisioning under them: two devices cannot both take the last place.
      const ids = owner.agentId === null ? [owner.id] : [owner.agentId, owner.id];
      const orgs = await tx
        .select({ id: org.id, state: org.state, quota: org.deviceQuota })
        .from(org)
        .where(inArray(org.id, ids))
        .orderBy(org.id)
        .for('update');
      if (orgs.length !== ids.length || orgs.some((o) => o.state !== 'enabled')) return refuse('company forbidden');
      for (const o of orgs) {
        if (o.quota === null) continue;
        const scope = o.id === owner.id ? device.belongCompanyId : device.belongAgentId;
        const [used] = await tx.select({ n: count() }).from(device).where(eq(scope, o.id));
        if ((used?.n ?? 0) >= o.quota) return refuse('device quota full', NOT_AUTHORISED);
      }
      const [created] = await tx
        .insert(device)
        .values({ deviceUuid: uuid, belongAgentId: owner.agentId, belongCompanyId: owner.id })
        .onConflictDoNothing({ target: device.deviceUuid })
        .returning({ id: device.id });
      return created && { ok: true, deviceId: created.id, created: true };
    });
    // Undefined: the same device was created by a parallel connection meanwhile; judge it as a known device.
    return result ?? this.check(uuid, keyHash, false);
  }
}
