/**
 * `@safety-shield/contract/jt808`: the JT/T 808 protocol as the portal speaks it (docs/jt808.md): framing, the header
 * of the 2011, 2013 and 2019 editions, sub-packages, and the bodies of the messages in MESSAGES. The gateway reads
 * terminals with it and the simulator speaks as one.
 */
export * from './alarms.js';
export * from './attachments.js';
export * from './bytes.js';
export * from './frame.js';
export * from './location.js';
export * from './messages.js';
export * from './multimedia.js';
export * from './packet.js';
export * from './parameters.js';
export * from './reassembly.js';
export * from './terminal.js';
export * from './terminal-number.js';
export * from './upgrade.js';
