import type { Writable } from 'node:stream';

/**
 * Where log lines go (LOG_FORMAT): JSON lines on standard output (pino's own, for collectors), or one coloured line per
 * event through pino-pretty for a person at a terminal. pino-pretty is loaded only then, off the start of a service.
 */
export async function logStream(format: 'pretty' | 'json' | undefined, destination?: Writable) {
  if (format !== 'pretty') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: destination === undefined,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
    ...(destination ? { destination } : {}),
  });
}
