import { randomBytes } from 'node:crypto';
import { REGISTRATION_RESULT, type Registration, terminalKey } from '@safety-shield/contract/jt808';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { device, jt808Terminal } from '../db/schema.js';
import { joinOwners, ownerForbidden, ownerStates } from '../device-port/owners.js';
import { hashToken, sameHash } from '../http/tokens.js';

/**
 * Who may register: `open` (the embedded default) lets any terminal pointed at the portal register, and it waits
 * unmatched for the Super Admin; `listed` registers only terminals listed in advance under a company.
 */
export type RegistrationPolicy = 'open' | 'listed';

export type RegistrationOutcome =
  | { result: typeof REGISTRATION_RESULT.ok; code: string; uuid: string; deviceId: number; created: boolean; movedFrom: string | null }
  | { result: Exclude<(typeof REGISTRATION_RESULT)[keyof typeof REGISTRATION_RESULT], 0>; reason: string };

/** A terminal that authenticated: the device it is, and how to read it. */
export interface AuthenticatedTerminal {
  uuid: string;
  deviceId: number;
  edition: number;
  timeZone: string;
  /** The maker's id it registered with (five characters): 0x8108 names it. */
  maker: string | null;
  /** The configuration version it last acknowledged. */
  configVersion: number;
}

/**
 * The terminal number as the portal keys it: the digits without leading zeros (12 or 20 of them travel). Declared in
 * the contract, so the listing of terminals in advance (modules/jt808-terminals) keys them the same way.
 */
export { terminalKey };

/** A terminal by its key, with its device and its company's and agent's states (`ownerForbidden`). */
const terminalOf = (db: Db, key: string) =>
  joinOwners(
    db
      .select({
        deviceId: device.id,
        uuid: device.deviceUuid,
        address: jt808Terminal.address,
        codeHash: jt808Terminal.codeHash,
        edition: jt808Terminal.edition,
        timeZone: jt808Terminal.timeZone,
        maker: jt808Terminal.maker,
        configVersion: jt808Terminal.configVersion,
        ...ownerStates,
      })
      .from(jt808Terminal)
      .innerJoin(device, eq(device.id, jt808Terminal.deviceId))
      .$dynamic(),
  ).where(eq(jt808Terminal.terminalNo, key));

/**
 * JT/T 808 has no provisioning secret: a terminal registers (0x0100) and gets an authentication code, which it
 * presents (0x0102) on every connection. Codes are random per registration and stored hashed, like device secrets.
 */
export class Terminals {
  constructor(
    private readonly db: Db,
    private readonly policy: RegistrationPolicy,
  ) {}

  async register(terminal: string, reg: Registration, address: string): Promise<RegistrationOutcome> {
    const key = terminalKey(terminal);
    const code = randomBytes(12).toString('base64url');
    return this.db.transaction(async (tx): Promise<RegistrationOutcome> => {
      const [known] = await terminalOf(tx, key).for('update', { of: jt808Terminal });
      const identity = {
        codeHash: hashToken(code),
        edition: reg.edition,
        maker: reg.maker || null,
        model: reg.model || null,
        terminalId: reg.terminalId || null,
        plate: reg.plate || null,
        plateColour: reg.plateColour,
        address,
        registeredAt: new Date(),
      };
      if (known) {
        if (ownerForbidden(known)) return { result: REGISTRATION_RESULT.noSuchTerminal, reason: 'company forbidden' };
        await tx.update(jt808Terminal).set(identity).where(eq(jt808Terminal.deviceId, known.deviceId));
        if (reg.model) await tx.update(device).set({ model: reg.model, updatedAt: new Date() }).where(eq(device.id, known.deviceId));
        const movedFrom = known.address && known.address !== address ? known.address : null;
        return { result: REGISTRATION_RESULT.ok, code, uuid: known.uuid, deviceId: known.deviceId, created: false, movedFrom };
      }
      if (this.policy === 'listed') return { result: REGISTRATION_RESULT.noSuchTerminal, reason: 'not listed' };
      // An MQTT device of the same uuid: the number is taken.
      const [created] = await tx
        .insert(device)
        .values({ deviceUuid: key, protocol: 'jt808', model: reg.model || null })
        .onConflictDoNothing({ target: device.deviceUuid })
        .returning({ id: device.id });
      if (!created) return { result: REGISTRATION_RESULT.terminalTaken, reason: 'device uuid taken by another device' };
      await tx.insert(jt808Terminal).values({ deviceId: created.id, terminalNo: key, ...identity });
      return { result: REGISTRATION_RESULT.ok, code, uuid: key, deviceId: created.id, created: true, movedFrom: null };
    });
  }

  /** The terminal whose code this is; undefined for a wrong code, an unregistered terminal or a forbidden company. */
  async authenticate(terminal: string, code: string): Promise<AuthenticatedTerminal | undefined> {
    const [row] = await terminalOf(this.db, terminalKey(terminal));
    if (!row?.codeHash || !sameHash(hashToken(code), row.codeHash)) return undefined;
    if (ownerForbidden(row)) return undefined;
    const { uuid, deviceId, edition, timeZone, maker, configVersion } = row;
    return { uuid, deviceId, edition, timeZone, maker, configVersion };
  }

  /** The terminal acknowledged this configuration version: a later 0x8104 reads as it. */
  async configApplied(terminal: AuthenticatedTerminal, version: number): Promise<void> {
    terminal.configVersion = version;
    await this.db.update(jt808Terminal).set({ configVersion: version }).where(eq(jt808Terminal.deviceId, terminal.deviceId));
  }

  /** 0x0003: the terminal logged out; its code is void, it must register again. */
  async logout(deviceId: number): Promise<void> {
    await this.db.update(jt808Terminal).set({ codeHash: null }).where(eq(jt808Terminal.deviceId, deviceId));
  }

  /** The uuids of every JT/T 808 device: the adapter serves them. */
  async uuids(): Promise<string[]> {
    const rows = await this.db.select({ uuid: device.deviceUuid }).from(device).where(eq(device.protocol, 'jt808'));
    return rows.map((r) => r.uuid);
  }
}
