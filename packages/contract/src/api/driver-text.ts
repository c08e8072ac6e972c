import { type Static, Type } from 'typebox';
import { EpochMs, Id } from './common.js';

/** The longest text for a driver: what a dashcam's screen shows in a few lines, and fits one JT/T 808 frame. */
export const MAX_DRIVER_TEXT = 200;

/** A text for the driver: at least one visible character, no control characters (a screen shows one paragraph). */
const DriverTextField = Type.String({
  minLength: 1,
  maxLength: MAX_DRIVER_TEXT,
  pattern: '^[^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f][^\\x00-\\x1f\\x7f]*$',
  description: 'shown on the device’s screen',
});

/** `POST /v1/device/driverText`: show a text to the driver of a device (docs/device-protocol.md, `driverText`). */
export const DriverTextBody = Type.Object({
  deviceId: Id,
  text: DriverTextField,
  readAloud: Type.Optional(Type.Boolean({ description: 'the device also reads it aloud (text to speech)' })),
});
export type DriverTextBody = Static<typeof DriverTextBody>;

/** The device showed it. */
export const DriverTextShown = Type.Object({ deviceId: Id, shownAt: EpochMs });
export type DriverTextShown = Static<typeof DriverTextShown>;
