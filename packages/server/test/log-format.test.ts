import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { logStream } from '../src/log-stream.js';

/** Issue 15: logs a person can read at a terminal, JSON for a collector. */
describe('the log format', () => {
  it('is JSON when standard output is no terminal (as here), pretty or JSON when LOG_FORMAT says, and refuses anything else', () => {
    const format = (value: string | undefined) => {
      if (value === undefined) delete process.env.LOG_FORMAT;
      else process.env.LOG_FORMAT = value;
      try {
        return loadConfig().logFormat;
      } finally {
        delete process.env.LOG_FORMAT;
      }
    };
    expect(process.stdout.isTTY).toBeFalsy();
    expect(format(undefined)).toBe('json');
    expect(format('pretty')).toBe('pretty');
    expect(format('json')).toBe('json');
    expect(() => format('xml')).toThrow('LOG_FORMAT must be pretty or json, not xml');
  });

  it('writes one readable line per event when pretty, with the level, the message and the fields', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk) => {
      text += chunk;
    });
    const stream = await logStream('pretty', out);
    pino({ base: { pid: 1, hostname: 'h' } }, stream).info({ deviceId: 7 }, 'device online');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/INFO.*device online.*"deviceId":7/);
    expect(text).not.toMatch(/^\{/);
    expect(await logStream('json')).toBeUndefined();
  });
});
