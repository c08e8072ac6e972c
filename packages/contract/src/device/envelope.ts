import { type Static, Type } from 'typebox';
import { EPOCH_2000_S } from './rules.js';

/**
 * Up message ids (docs/device-protocol.md, Messages): text of 1–128 characters, or an integer counter the device keeps
 * (taken as its decimal text).
 */
export const MessageId = Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Integer()]);
export type MessageId = Static<typeof MessageId>;

/** Epoch milliseconds as the portal writes them. */
export const EpochMs = Type.Integer({ description: 'epoch ms' });

/**
 * A time a device writes: epoch milliseconds, or seconds when it has 10 digits; after 2000 and at most a day ahead of
 * the portal's clock (rules.ts `deviceTime`).
 */
export const DeviceTime = Type.Number({
  minimum: EPOCH_2000_S,
  description: 'epoch ms (10 digits: seconds); after 2000, at most a day ahead of the portal',
});

/** What every up payload carries: protocol version, message id, when the device made it. */
export const UpEnvelope = Type.Object({
  v: Type.Number({ description: 'protocol version; another major version is acknowledged and dropped' }),
  id: MessageId,
  at: Type.Number({ exclusiveMinimum: 0, description: 'epoch ms (10 digits: seconds)' }),
});
export type UpEnvelope = Static<typeof UpEnvelope>;

/** What every down payload carries: the device answers its `id` in an `ack`. */
export const DownEnvelope = Type.Object({
  v: Type.Number({ description: 'protocol version' }),
  id: Type.String({ minLength: 1, description: 'answered by the ack’s ref' }),
  at: Type.Number({ description: 'epoch ms' }),
});
export type DownEnvelope = Static<typeof DownEnvelope>;
