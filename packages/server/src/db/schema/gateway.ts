import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The portal nodes joined to an external MQTT broker (gateway/liveness.ts). A node registers its client id here and
 * holds a session-level advisory lock on it for its whole life; the other nodes of its share group take over the
 * broker session of a registered node whose lock they can get (it died), then delete its row.
 */
export const gatewayNode = pgTable('gateway_node', {
  /** The node's MQTT client id (MQTT_CLIENT_ID): the name of its broker session. */
  clientId: text('client_id').primaryKey(),
  /** MQTT_SHARE_GROUP: only nodes of one group take over each other. */
  shareGroup: text('share_group').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Refreshed every poll (about once a second) while the node lives: for operators, liveness is the lock. */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
