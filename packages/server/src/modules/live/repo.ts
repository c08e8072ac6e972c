import { createHash, timingSafeEqual } from 'node:crypto';
import type { LiveState } from '@safety-shield/contract';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { liveSession } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

export type LiveRow = typeof liveSession.$inferSelect;
export type NewLiveRow = typeof liveSession.$inferInsert;

/** The stored form of a publish key (base64url of random bytes): its SHA-256, never the key. */
export const hashKey = (key: string): string => createHash('sha256').update(Buffer.from(key, 'base64url')).digest('hex');

/** The key given by a publisher is the session's (compared in constant time). */
export function keyMatches(row: Pick<LiveRow, 'keyHash'>, key: string): boolean {
  const given = Buffer.from(hashKey(key), 'hex');
  const stored = Buffer.from(row.keyHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const open = isNull(liveSession.endedAt);

/**
 * Live sessions in PostgreSQL, so any node answers for any of them. Every end of a session is one
 * `UPDATE … WHERE ended_at IS NULL … RETURNING`: whichever node's statement ends it is the only one that sees the row come
 * back, and the only one that tells the device and meters the minutes.
 */
export class LiveRepo {
  constructor(private readonly db: Db) {}

  async get(stream: string): Promise<LiveRow | undefined> {
    const [row] = await this.db.select().from(liveSession).where(eq(liveSession.stream, stream));
    return row;
  }

  /** The session if the caller's scope covers its vehicle's chain. */
  async visible(principal: Principal, stream: string): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .select()
      .from(liveSession)
      .where(and(eq(liveSession.stream, stream), inScope(principal, liveSession)));
    return row;
  }

  /** The live (not playback) session of a device's channel that has not ended. */
  async running(deviceId: number, channel: number): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .select()
      .from(liveSession)
      .where(and(eq(liveSession.deviceId, deviceId), eq(liveSession.channel, channel), open, isNull(liveSession.playbackStart)));
    return row;
  }

  /** False when another node's live session of the same device and channel got in first (the partial unique index). */
  async insert(row: NewLiveRow): Promise<boolean> {
    const inserted = await this.db.insert(liveSession).values(row).onConflictDoNothing().returning({ stream: liveSession.stream });
    return inserted.length > 0;
  }

  /** The device acknowledged: the idle clock starts now (unless the publisher already connected). */
  async ready(stream: string, at: Date): Promise<void> {
    await this.db
      .update(liveSession)
      .set({ state: 'ready', viewersChangedAt: at })
      .where(and(eq(liveSession.stream, stream), open, eq(liveSession.state, 'initialised')));
  }

  /** The media server accepted the device's publisher. */
  async published(stream: string, at: Date): Promise<void> {
    await this.db
      .update(liveSession)
      .set({ state: 'deviceConnected', publishedAt: at, viewersChangedAt: sql`greatest(${liveSession.viewersChangedAt}, ${at})` })
      .where(and(eq(liveSession.stream, stream), open));
  }

  /** The embedded media server's count of viewers (its owner node writes it). */
  async setViewers(stream: string, viewers: number, at: Date): Promise<void> {
    await this.db
      .update(liveSession)
      .set({ viewers, viewersChangedAt: at })
      .where(and(eq(liveSession.stream, stream), open, ne(liveSession.viewers, viewers)));
  }

  /** An external media server's player came (+1) or left (−1). */
  async addViewers(stream: string, delta: 1 | -1, at: Date): Promise<void> {
    await this.db
      .update(liveSession)
      .set({ viewers: sql`greatest(${liveSession.viewers} + ${delta}, 0)`, viewersChangedAt: at })
      .where(and(eq(liveSession.stream, stream), open, eq(liveSession.media, 'external')));
  }

  /** Ends the session unless it has ended already; the row when this call ended it. */
  async end(stream: string, state: LiveState, at: Date): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .update(liveSession)
      .set({ state, endedAt: at })
      .where(and(eq(liveSession.stream, stream), open))
      .returning();
    return row;
  }

  /**
   * Claims the idle sessions: nobody has watched since `idleBefore` (counted from the device's ack, its publish or the
   * last viewer leaving), or the start was never acknowledged by `staleBefore` (its node went away mid-start).
   */
  async endIdle(idleBefore: Date, staleBefore: Date, at: Date): Promise<LiveRow[]> {
    return this.db
      .update(liveSession)
      .set({ state: 'publishDone', endedAt: at })
      .where(
        and(
          open,
          eq(liveSession.viewers, 0),
          or(
            and(ne(liveSession.state, 'initialised'), lt(liveSession.viewersChangedAt, idleBefore)),
            and(eq(liveSession.state, 'initialised'), lt(liveSession.startedAt, staleBefore)),
          ),
        ),
      )
      .returning();
  }

  /** Ends the sessions this node's embedded media server carries (its start-up after a crash, its shutdown). */
  async endOwned(node: string, at: Date): Promise<LiveRow[]> {
    return this.db
      .update(liveSession)
      .set({ state: 'publishDone', endedAt: at })
      .where(and(open, eq(liveSession.media, 'embedded'), eq(liveSession.ownerNode, node)))
      .returning();
  }

  /** Ended sessions stay readable (why did my player stop?) until this. */
  async purge(endedBefore: Date): Promise<void> {
    await this.db.delete(liveSession).where(lt(liveSession.endedAt, endedBefore));
  }
}
