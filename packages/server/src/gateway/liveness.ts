import { and, eq, ne, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { gatewayNode } from '../db/schema.js';

export interface LivenessOptions {
  /** The deployment's PostgreSQL server (DATABASE_URL): a direct session, not a transaction-pooling proxy. */
  databaseUrl: string;
  clientId: string;
  shareGroup: string;
  log: FastifyBaseLogger;
  /** How often the node proves its lock connection and looks for stopped nodes (default 1000 ms). */
  pollMs?: number;
  /** A poll that takes longer counts as a broken lock connection (default 3000 ms). */
  pollTimeoutMs?: number;
}

export interface LivenessHooks {
  /** The node holds its lock (again): its own broker session may run. */
  held(): Promise<void>;
  /** The lock connection broke: the node's own broker session stops at once. */
  lost(): void;
  /** Another node of the group stopped (its lock was free): drain its broker session; reject to try again later. */
  takeOver(clientId: string, signal: AbortSignal): Promise<unknown>;
}

interface LockConnection {
  client: pg.Client;
  db: NodePgDatabase;
}

/** The advisory-lock key of a client id (two-key locks of other code never meet this one-key space's hashes). */
const lockKey = (clientId: string) => sql`hashtextextended(${`safety-shield gateway node ${clientId}`}, 0)`;

const tryLock = async (db: NodePgDatabase, clientId: string) =>
  (await db.execute<{ got: boolean }>(sql`select pg_try_advisory_lock(${lockKey(clientId)}) as got`)).rows[0]?.got === true;

/** The application_name of a node's lock connection, before its client id. */
export const LOCK_APPLICATION = 'safety-shield gateway';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Node liveness through PostgreSQL (docs/deployment.md, "A node that stops"). Each node holds a session-level advisory
 * lock on its client id on one dedicated connection for its whole life: a process that dies (even kill -9) closes the
 * socket, the server ends its backend and the lock is free at once. Once a second every node tries the locks of the
 * other registered nodes of its share group; a lock it gets belongs to a stopped node, whose broker session it drains
 * (hooks.takeOver) before deleting its row and releasing the lock. A node whose lock connection breaks stops its own
 * broker session until it holds the lock again, so two processes never use one client id: its poll gives up after
 * pollTimeoutMs, sooner than the server's TCP keepalive (about 11 s) frees its lock for the others.
 */
export class NodeLiveness {
  private connection: LockConnection | undefined;
  /** The connection waiting for this node's lock, if any: closing ends it. */
  private waiting: pg.Client | undefined;
  private readonly takeovers = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set once the node stops: it keeps its lock until it closes but takes over nothing more. */
  private retiring = false;
  private readonly pollMs: number;
  private readonly pollTimeoutMs: number;

  private constructor(
    private readonly options: LivenessOptions,
    private readonly hooks: LivenessHooks,
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.pollTimeoutMs = options.pollTimeoutMs ?? 3000;
  }

  /** Waits for this node's lock (a survivor may still be draining its session), registers it, then runs hooks.held. */
  static async start(options: LivenessOptions, hooks: LivenessHooks): Promise<NodeLiveness> {
    const liveness = new NodeLiveness(options, hooks);
    const connection = await liveness.hold(false);
    try {
      await hooks.held();
    } catch (err) {
      await liveness.close();
      throw err;
    }
    if (liveness.connection === connection) liveness.schedule();
    return liveness;
  }

  /** The node is stopping: it takes over no more sessions, and those under way stay at the broker for the next taker. */
  stopTakeovers(): void {
    this.retiring = true;
    this.abortTakeovers();
  }

  private abortTakeovers() {
    for (const abort of this.takeovers.values()) abort.abort();
  }

  /** Ends the lock connection: the node's row stays, so another node takes over its session (a restart waits for it). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopTakeovers();
    const connection = this.connection;
    this.connection = undefined;
    await Promise.all([connection?.client.end(), this.waiting?.end()].map((ending) => ending?.catch(() => {})));
  }

  /**
   * Connects, takes this node's own lock (waiting while another process holds it) and registers the node. At start a
   * database that does not answer stops the start, as the portal's own pool does; later it is tried again and again.
   */
  private async hold(retry: boolean): Promise<LockConnection | undefined> {
    const { databaseUrl, clientId, shareGroup, log } = this.options;
    while (!this.closed) {
      const client = new pg.Client({
        connectionString: databaseUrl,
        keepAlive: true,
        // pg_stat_activity shows which backend holds a node's lock (PostgreSQL keeps 63 bytes of it).
        application_name: `${LOCK_APPLICATION} ${clientId}`,
        // The server notices a node cut off by the network after 5 + 3 × 2 s and frees its lock for the others.
        options: '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3',
      });
      const connection: LockConnection = { client, db: drizzle({ client }) };
      client.on('error', (err) => this.lose(connection, err));
      client.on('end', () => this.lose(connection, new Error('connection ended')));
      this.waiting = client;
      try {
        await client.connect();
        if (!(await tryLock(connection.db, clientId))) {
          log.warn(
            { node: clientId },
            'waiting for this node’s lock: another process holds it (a node with the same MQTT_CLIENT_ID, or one taking over its session)',
          );
          await connection.db.execute(sql`select pg_advisory_lock(${lockKey(clientId)})`);
        }
        await this.register(connection);
        if (this.closed) {
          void client.end().catch(() => {});
          break;
        }
        this.connection = connection;
        return connection;
      } catch (err) {
        void client.end().catch(() => {});
        if (!retry) throw err;
        log.warn({ err, node: clientId, shareGroup }, 'lock connection to PostgreSQL failed: trying again');
        await delay(this.pollMs);
      } finally {
        this.waiting = undefined;
      }
    }
    return undefined;
  }

  private async register({ db }: LockConnection) {
    const { clientId, shareGroup } = this.options;
    await db
      .insert(gatewayNode)
      .values({ clientId, shareGroup })
      .onConflictDoUpdate({ target: gatewayNode.clientId, set: { shareGroup, seenAt: sql`now()` } });
  }

  private schedule() {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.poll(), this.pollMs);
  }

  /** Refreshes this node's row (proving the lock connection) and takes over every other node whose lock is free. */
  private async poll() {
    const connection = this.connection;
    if (!connection) return;
    const timeout = setTimeout(() => this.lose(connection, new Error(`poll took over ${this.pollTimeoutMs} ms`)), this.pollTimeoutMs);
    try {
      await this.register(connection);
      const others = await connection.db
        .select({ clientId: gatewayNode.clientId })
        .from(gatewayNode)
        .where(and(eq(gatewayNode.shareGroup, this.options.shareGroup), ne(gatewayNode.clientId, this.options.clientId)));
      for (const { clientId } of others) {
        // A lock this session already holds would be granted again (they stack): a takeover under way is skipped.
        if (this.connection !== connection || this.retiring || this.takeovers.has(clientId)) continue;
        if (await tryLock(connection.db, clientId)) this.takeOver(connection, clientId);
      }
    } catch (err) {
      this.lose(connection, err);
    } finally {
      clearTimeout(timeout);
    }
    if (this.connection === connection) this.schedule();
  }

  private takeOver(connection: LockConnection, clientId: string) {
    const { log } = this.options;
    const abort = new AbortController();
    this.takeovers.set(clientId, abort);
    const release = async () => {
      try {
        // Unless the lock went with the connection. Until it is released the id stays in `takeovers`: a poll meanwhile
        // would be granted the lock again.
        if (this.connection === connection) await connection.db.execute(sql`select pg_advisory_unlock(${lockKey(clientId)})`);
      } finally {
        this.takeovers.delete(clientId);
      }
    };
    void this.hooks
      .takeOver(clientId, abort.signal)
      .then(async () => {
        // Deleted while the lock is held: a restart of that node, waiting for its lock, registers anew after this.
        if (this.connection === connection) await connection.db.delete(gatewayNode).where(eq(gatewayNode.clientId, clientId));
      })
      .catch((err: unknown) => log.warn({ err, node: clientId }, 'taking over a stopped portal node’s session failed: tried again'))
      .then(release)
      .catch((err: unknown) => this.lose(connection, err));
  }

  /** The lock connection broke (or a poll hung): stop the own session and every takeover, then wait for the lock again. */
  private lose(connection: LockConnection, err: unknown) {
    if (this.connection !== connection) return;
    this.connection = undefined;
    clearTimeout(this.timer);
    this.options.log.error(
      { err, node: this.options.clientId },
      'lost the PostgreSQL connection holding this node’s lock: its broker session stops until it holds the lock again',
    );
    this.abortTakeovers();
    this.hooks.lost();
    void connection.client.end().catch(() => {});
    void this.regain();
  }

  private async regain() {
    const connection = await this.hold(true);
    if (!connection) return;
    try {
      await this.hooks.held();
    } catch (err) {
      this.options.log.error({ err, node: this.options.clientId }, 'broker session did not restart');
    }
    if (this.connection === connection) this.schedule();
  }
}
