import type { SosCount, SosEntry, SosHistoryPage } from '@safety-shield/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { sos } from '../../db/schema.js';
import { afterCommit, type DeviceMessage, type SosReport } from '../../device-port/index.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { IncidentUpdate } from '../incidents/index.js';
import { fileSos } from './file.js';
import { closeSos, countOpenSos, lockSos, openSos, sosEvent, sosHistory, toEntry } from './repo.js';

/** The Focus Board lists at most this many open S.O.S, newest first. */
export const SOS_BOARD_MAX = 200;

/**
 * The Focus Board (SPEC section 2): open S.O.S of the caller's scope, their count, the history, and closing one; and
 * the presses and releases devices report (the device intake's `sos`).
 */
export class SosService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly incidents: { arrived(update: IncidentUpdate): void },
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Files a press or release. With an external broker every portal node files each S.O.S: each push comes from the one
   * node that stored its row, so the consoles hear of it once.
   */
  async report(device: string, message: DeviceMessage, report: SosReport): Promise<void> {
    const outcome = await fileSos(this.db, device, message.id, report);
    if (outcome.incident) this.incidents.arrived(outcome.incident);
    if (!outcome.stored) {
      if (outcome.reason !== 'resent') this.log.info({ device, id: message.id, reason: outcome.reason }, 'sos not stored');
      return;
    }
    afterCommit(this.log, 'sos push', () => this.bus.publish('sos', outcome.update));
  }

  /** Open: not closed by an operator yet, whether the device still signals it (active) or let go (stopped). */
  active(principal: Principal): Promise<SosEntry[]> {
    return openSos(this.db, inScope(principal, sos), SOS_BOARD_MAX);
  }

  async count(principal: Principal): Promise<SosCount> {
    return { count: await countOpenSos(this.db, inScope(principal, sos)) };
  }

  history(principal: Principal, page: number, limit: number): Promise<SosHistoryPage> {
    return sosHistory(this.db, inScope(principal, sos), { page, limit });
  }

  /** Closes an open S.O.S (recorded on the row and in the operation log); closing a closed one changes nothing. */
  async close(principal: Principal, id: number): Promise<SosEntry> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockSos(tx, inScope(principal, sos), id);
      if (!row) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
      if (row.state === 'closed') return { row, changed: false };
      return { row: (await closeSos(tx, id, principal)) ?? row, changed: true };
    });
    if (outcome.changed) this.bus.publish('sos', sosEvent('closed', outcome.row));
    return toEntry(outcome.row);
  }
}
