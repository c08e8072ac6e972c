import type { ListedTerminalQuery, ListedTerminalRecord, Page } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBatches, pageOf } from '../../db/paging.js';
import { device, jt808Terminal } from '../../db/schema.js';
import { containing, epochMs } from '../../http/pagination.js';

/** The company a listing writes to: its id and its agent's (the owners a provisioned device has). */
export interface Owner {
  companyId: number;
  agentId: number | null;
}

const columns = {
  deviceId: device.id,
  terminalNo: jt808Terminal.terminalNo,
  plate: jt808Terminal.plate,
  registeredAt: jt808Terminal.registeredAt,
  createdAt: jt808Terminal.createdAt,
};

type Row = { deviceId: number; terminalNo: string; plate: string | null; registeredAt: Date | null; createdAt: Date };

const toRecord = (row: Row): ListedTerminalRecord => ({
  deviceId: row.deviceId,
  terminalNo: row.terminalNo,
  plate: row.plate,
  registeredTime: epochMs(row.registeredAt),
  createTime: row.createdAt.getTime(),
});

/** The company's JT/T 808 terminals in the caller's scope (`scope`), by part of the number or plate. */
function listFilter(scope: SQL, companyId: number, keyword: string | undefined) {
  const text = keyword?.trim();
  return and(
    scope,
    eq(device.belongCompanyId, companyId),
    eq(device.protocol, 'jt808'),
    text ? or(ilike(jt808Terminal.terminalNo, containing(text)), ilike(jt808Terminal.plate, containing(text))) : undefined,
  );
}

const joined = (db: Db, where: SQL | undefined) =>
  db.select(columns).from(jt808Terminal).innerJoin(device, eq(device.id, jt808Terminal.deviceId)).where(where).$dynamic();

/** A page of the company's terminals, newest first. */
export function listListed(db: Db, scope: SQL, companyId: number, query: ListedTerminalQuery): Promise<Page<ListedTerminalRecord>> {
  const where = listFilter(scope, companyId, query.keyword);
  const counted = db.select({ n: count() }).from(jt808Terminal).innerJoin(device, eq(device.id, jt808Terminal.deviceId)).where(where);
  return pageOf(query, joined(db, where).orderBy(desc(device.id)), counted, toRecord);
}

/** Every terminal of the list, a batch at a time, for the export. */
export async function* listedBatches(db: Db, scope: SQL, companyId: number, keyword: string | undefined) {
  const where = listFilter(scope, companyId, keyword);
  for await (const rows of inBatches(
    device.id,
    (below) => joined(db, and(where, below)),
    (row) => row.deviceId,
  ))
    yield rows.map(toRecord);
}

/** One listed terminal as the list shows it. */
export async function listedRecord(db: Db, deviceId: number): Promise<ListedTerminalRecord | undefined> {
  const [row] = await joined(db, eq(device.id, deviceId));
  return row && toRecord(row);
}

/** The devices that already hold these numbers (their uuids), with whether each is a terminal of `companyId`. */
export async function holders(tx: Db, keys: readonly string[], companyId: number): Promise<Map<string, 'ours' | 'taken'>> {
  const found = new Map<string, 'ours' | 'taken'>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await tx
      .select({ uuid: device.deviceUuid, companyId: device.belongCompanyId, terminal: jt808Terminal.deviceId })
      .from(device)
      .leftJoin(jt808Terminal, eq(jt808Terminal.deviceId, device.id))
      .where(inArray(device.deviceUuid, keys.slice(i, i + 1000)));
    for (const row of rows) found.set(row.uuid, row.companyId === companyId && row.terminal !== null ? 'ours' : 'taken');
  }
  return found;
}

/**
 * Lists terminals under a company: per number the device a provisioned one would have (its company and agent as owners,
 * protocol `jt808`, uuid the number) and its JT/T 808 record without a code, the shape `Terminals.register` looks
 * up. A number some device took meanwhile is left out: the answer holds only the numbers written.
 */
export async function insertListed(tx: Db, owner: Owner, terminals: ReadonlyArray<{ key: string; plate: string | null }>) {
  const written: Array<{ deviceId: number; key: string }> = [];
  for (let i = 0; i < terminals.length; i += 500) {
    const chunk = terminals.slice(i, i + 500);
    const created = await tx
      .insert(device)
      .values(
        chunk.map((t) => ({
          deviceUuid: t.key,
          protocol: 'jt808' as const,
          belongAgentId: owner.agentId,
          belongCompanyId: owner.companyId,
        })),
      )
      .onConflictDoNothing({ target: device.deviceUuid })
      .returning({ id: device.id, uuid: device.deviceUuid });
    if (created.length === 0) continue;
    const plates = new Map(chunk.map((t) => [t.key, t.plate]));
    await tx.insert(jt808Terminal).values(created.map((d) => ({ deviceId: d.id, terminalNo: d.uuid, plate: plates.get(d.uuid) ?? null })));
    written.push(...created.map((d) => ({ deviceId: d.id, key: d.uuid })));
  }
  return written;
}

/** A terminal of the list, locked for its removal: its device's row and whether it registered. */
export async function lockListed(tx: Db, scope: SQL, deviceId: number) {
  const [row] = await tx
    .select({
      deviceId: device.id,
      vehicleId: device.vehicleId,
      registeredAt: jt808Terminal.registeredAt,
      terminalNo: jt808Terminal.terminalNo,
    })
    .from(device)
    .innerJoin(jt808Terminal, eq(jt808Terminal.deviceId, device.id))
    .where(and(scope, eq(device.id, deviceId), eq(device.protocol, 'jt808')))
    .for('update');
  return row;
}

/** Deletes the device (its JT/T 808 record goes with it). */
export async function deleteListed(tx: Db, deviceId: number) {
  await tx.delete(device).where(eq(device.id, deviceId));
}
