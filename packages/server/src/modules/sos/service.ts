import type { SosCount, SosEntry, SosHistoryPage } from '@safety-shield/contract';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { sos } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { sosColumns, sosEvent, toEntry } from './repo.js';

/** The Focus Board lists at most this many open S.O.S, newest first. */
export const SOS_BOARD_MAX = 200;

/** The Focus Board (SPEC section 2): open S.O.S of the caller's scope, their count, the history, and closing one. */
export class SosService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /** Open: not closed by an operator yet, whether the device still signals it (active) or let go (stopped). */
  async active(principal: Principal): Promise<SosEntry[]> {
    const rows = await this.db
      .select(sosColumns)
      .from(sos)
      .where(and(inScope(principal, sos), ne(sos.state, 'closed')))
      .orderBy(desc(sos.startAt), desc(sos.id))
      .limit(SOS_BOARD_MAX);
    return rows.map(toEntry);
  }

  async count(principal: Principal): Promise<SosCount> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sos)
      .where(and(inScope(principal, sos), ne(sos.state, 'closed')));
    return { count: row?.n ?? 0 };
  }

  async history(principal: Principal, page: number, limit: number): Promise<SosHistoryPage> {
    const scope = inScope(principal, sos);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(sosColumns)
        .from(sos)
        .where(scope)
        .orderBy(desc(sos.startAt), desc(sos.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(sos).where(scope),
    ]);
    return {
      records: rows.map((row) => ({ ...toEntry(row), vehicleLicensePlate: row.licensePlate, localTime: row.startLocalTime })),
      total: total?.n ?? 0,
    };
  }

  /** Closes an open S.O.S (recorded on the row and in the operation log); closing a closed one changes nothing. */
  async close(principal: Principal, id: number): Promise<SosEntry> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select(sosColumns)
        .from(sos)
        .where(and(eq(sos.id, id), inScope(principal, sos)))
        .for('update');
      if (!row) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
      if (row.state === 'closed') return { row, changed: false };
      const [updated] = await tx
        .update(sos)
        .set({ state: 'closed', closedById: principal.accountId, closedByName: principal.username, closedAt: new Date() })
        .where(eq(sos.id, id))
        .returning(sosColumns);
      return { row: updated ?? row, changed: true };
    });
    if (outcome.changed) this.bus.publish('sos', sosEvent('closed', outcome.row));
    return toEntry(outcome.row);
  }
}
