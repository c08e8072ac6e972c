// The uploads signed links took into the object store (docs/device-protocol.md, `upload`).

import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An object a signed upload link stored, recorded once with the size and SHA-256 of its bytes: from then on every link
 * to its key is used up and the object never changes. Shared by every portal node, whatever the object store.
 */
export const objectUpload = pgTable('object_upload', {
  key: text('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
