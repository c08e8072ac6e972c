import { gzipSync } from 'node:zlib';
import type { CommandHandler } from './commands.js';

/** How many lines a device keeps of its runtime log (the oldest go first). */
export const RUNTIME_LOG_LINES = 2_000;

/**
 * The device's runtime log: what happened to it, one line each, with the time (connections, commands and their
 * answers, configurations applied, problems). Uploaded gzip-compressed on order (docs/device-protocol.md, `logUpload`).
 */
export class RuntimeLog {
  private readonly lines: string[] = [];

  note(text: string, at = Date.now()) {
    this.lines.push(`${new Date(at).toISOString()} ${text}`);
    if (this.lines.length > RUNTIME_LOG_LINES) this.lines.splice(0, this.lines.length - RUNTIME_LOG_LINES);
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/**
 * `down/logUpload`: PUT the log, gzip, to the URL it names, then acknowledge with the size; the ack says why not when
 * the upload failed, so the portal's task shows it.
 */
export function logUploadCommand(uuid: string, log: RuntimeLog): CommandHandler<'logUpload'> {
  return async ({ url, maxBytes }) => {
    log.note(`runtime log requested`);
    let body = gzipSync(Buffer.from(`# runtime log of ${uuid}\n${log.text()}`));
    // Too large: the newest part that fits (a real device keeps its log in a bounded ring as well).
    if (body.length > maxBytes) body = gzipSync(Buffer.from(log.text().slice(-maxBytes)));
    try {
      const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/gzip' }, body });
      if (!response.ok) return { ok: false, error: `upload failed: HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, error: `upload failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    return { ok: true, result: { size: body.length } };
  };
}
