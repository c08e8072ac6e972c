/**
 * A terminal's number (usually its SIM's phone number): 1 to 20 digits. 12 travel in the 2011/2013 header (BCD[6]),
 * 20 in the 2019 one (BCD[10]), padded with leading zeros.
 */
export const TERMINAL_NUMBER_PATTERN = '^[0-9]{1,20}$';

/** The terminal number as the portal keys it: the digits without leading zeros, so one terminal is one device under either header. */
export const terminalKey = (digits: string) => digits.replace(/^0+(?=\d)/, '');
