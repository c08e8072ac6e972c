import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { insertRows } from './bulk.js';

/** Lines of the incidents' history and of the operation log, as the modules write them, for the demo's past. */

export interface Reviewer {
  id: number;
  username: string;
  role: string;
}

/** The Super Admin made at the first start: the only account of a new portal, so the one who reviewed the past. */
export async function reviewerOf(tx: Db): Promise<Reviewer> {
  const [row] = rowsOf<Reviewer>(
    await tx.execute(sql`select id, username, role from account where role = 'SUPER_ADMIN' order by id limit 1`),
  );
  return row ?? { id: 0, username: 'admin', role: 'SUPER_ADMIN' };
}

/** One line of an incident's history. */
export interface HistoryLine {
  incident: number;
  action: string;
  username: string | null;
  detail: unknown;
  at: number;
}

/** One line of the operation log, by the reviewer. */
export interface LogLine {
  action: string;
  target: number;
  at: number;
}

export function writeHistory(tx: Db, lines: HistoryLine[]) {
  return insertRows(tx, 'incident_history', lines, (c) => [
    c.column('incident_id', 'bigint', (l) => l.incident),
    c.column('action', 'text', (l) => l.action),
    c.column('username', 'text', (l) => l.username),
    c.document('detail', (l) => l.detail),
    c.instant('at', (l) => l.at),
  ]);
}

/** The reviewer's calls as the operation log records them (a Super Admin belongs to no organisation). */
export function writeLog(tx: Db, reviewer: Reviewer, lines: LogLine[]) {
  return insertRows(tx, 'operation_log', lines, (c) => [
    c.instant('at', (l) => l.at),
    c.column('account_id', 'int', () => reviewer.id),
    c.column('username', 'text', () => reviewer.username),
    c.column('role', 'text', () => reviewer.role),
    c.column('action', 'text', (l) => l.action),
    c.column('target', 'text', (l) => String(l.target)),
    c.column('result', 'text', () => 'REQUEST_SUCCESS'),
    c.column('ip', 'text', () => '127.0.0.1'),
  ]);
}
