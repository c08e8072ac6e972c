import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { device } from './devices.js';

/**
 * A JT/T 808 terminal (docs/jt808.md): the adapter's own record of its identity and authentication. The terminal
 * number keys it; the device row is the portal's. A terminal listed in advance (the listed-terminals policy) has a
 * row before it registers, without a code.
 */
export const jt808Terminal = pgTable(
  'jt808_terminal',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    /** The terminal number (usually its SIM's phone number), leading zeros dropped: the same under every edition's header. */
    terminalNo: text('terminal_no').notNull(),
    /** SHA-256 of the authentication code the portal gave at the newest registration; null until it registers. */
    codeHash: text('code_hash'),
    /** 2011, 2013 or 2019: how the terminal's bodies and the portal's replies are laid out. */
    edition: integer('edition').notNull().default(2013),
    maker: text('maker'),
    model: text('model'),
    terminalId: text('terminal_id'),
    plate: text('plate'),
    plateColour: integer('plate_colour'),
    /** The zone of the terminal's clock: the standard's times are Beijing time unless the terminal was set otherwise. */
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    /** The configuration version the terminal last acknowledged (0x8103): what it runs, as its parameters cannot say. */
    configVersion: integer('config_version').notNull().default(0),
    /** The address of the newest registration (a registration from another address is logged). */
    address: text('address'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jt808_terminal_no_idx').on(t.terminalNo)],
);

/**
 * An alarm's files the portal asked a terminal for (0x9208): the random alarm number it gave is the whole authority
 * of the attachment connection that brings them, on whichever node it lands, until `expiresAt`.
 */
export const jt808AttachmentRequest = pgTable('jt808_attachment_request', {
  alarmNumber: text('alarm_number').primaryKey(),
  deviceUuid: text('device_uuid').notNull(),
  /** The terminal number (leading zeros dropped): an attachment connection must speak for the same terminal. */
  terminalNo: text('terminal_no').notNull(),
  /** The device's id of the incident report the files belong to. */
  incidentMessageId: text('incident_message_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
