import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, deviceAndVehicle } from './columns.js';

/**
 * A live video session (docs/device-protocol.md, `live`; modules/live): any portal node answers its start, state, stop
 * and media server hooks. The publish key is stored as its SHA-256 only. `media`: which media server the device
 * publishes to; an embedded session belongs to `owner_node` (the node whose embedded server it is), an external one to
 * no node in particular. `viewers` and `viewers_changed_at` drive the idle stop (embedded: the owner's counts;
 * external: the server's on_play / on_stop hooks).
 */
export const liveSession = pgTable(
  'live_session',
  {
    stream: text('stream').primaryKey(),
    keyHash: text('key_hash').notNull(),
    ...deviceAndVehicle(),
    channel: integer('channel').notNull(),
    channels: integer('channels').notNull(),
    ...belongTo(),
    media: text('media', { enum: ['embedded', 'external'] }).notNull(),
    state: text('state', {
      enum: ['initialised', 'ready', 'deviceConnected', 'readyToPlay', 'livePlayDone', 'publishDone', 'connectionFailed'],
    }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A DVR playback of a recorded span (modules/dvr), not live. */
    playbackStart: timestamp('playback_start', { withTimezone: true }),
    playbackEnd: timestamp('playback_end', { withTimezone: true }),
    viewers: integer('viewers').notNull().default(0),
    viewersChangedAt: timestamp('viewers_changed_at', { withTimezone: true }).notNull(),
    ownerNode: text('owner_node').notNull(),
  },
  (t) => [
    // One live stream per device and channel across all nodes (a playback is a session of its own).
    uniqueIndex('live_session_active_idx').on(t.deviceId, t.channel).where(sql`${t.endedAt} is null and ${t.playbackStart} is null`),
    // The idle sweep and the start-up clean-up: the sessions not ended.
    index('live_session_open_idx').on(t.viewersChangedAt).where(sql`${t.endedAt} is null`),
    index('live_session_ended_idx').on(t.endedAt),
  ],
);
