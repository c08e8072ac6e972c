import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide settings and secrets shared by every portal node. */
export const systemSetting = pgTable('system_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
