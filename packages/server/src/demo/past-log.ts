import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { documents, insertColumns, instants } from './bulk.js';

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
  return insertColumns(tx, 'incident_history', [
    { name: 'incident_id', type: 'bigint', values: lines.map((l) => l.incident) },
    { name: 'action', type: 'text', values: lines.map((l) => l.action) },
    { name: 'username', type: 'text', values: lines.map((l) => l.username) },
    documents(
      'detail',
      lines.map((l) => l.detail),
    ),
    instants(
      'at',
      lines.map((l) => l.at),
    ),
  ]);
}

/** The reviewer's calls as the operation log records them (a Super Admin belongs to no organisation). */
export function writeLog(tx: Db, reviewer: Reviewer, lines: LogLine[]) {
  return insertColumns(tx, 'operation_log', [
    instants(
      'at',
      lines.map((l) => l.at),
    ),
    { name: 'account_id', type: 'int', values: lines.map(() => reviewer.id) },
    { name: 'username', type: 'text', values: lines.map(() => reviewer.username) },
    { name: 'role', type: 'text', values: lines.map(() => reviewer.role) },
    { name: 'action', type: 'text', values: lines.map((l) => l.action) },
    { name: 'target', type: 'text', values: lines.map((l) => String(l.target)) },
    { name: 'result', type: 'text', values: lines.map(() => 'REQUEST_SUCCESS') },
    { name: 'ip', type: 'text', values: lines.map(() => '127.0.0.1') },
  ]);
}
