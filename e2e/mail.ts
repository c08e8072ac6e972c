import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { smtpCatcher } from '../packages/server/test/mail-catcher.js';

/**
 * A real SMTP server for the browser tests' portal (started by global setup). Each mail lands as a file named by
 * its recipient, so the tests, in other processes, read what the portal sent.
 */
export async function startMailbox() {
  const dir = await mkdtemp(path.join(tmpdir(), 'safety-shield-mail-'));
  let count = 0;
  const server = await smtpCatcher((to, raw) => {
    count += 1;
    const name = `${String(count).padStart(6, '0')}-${to.map((address) => address.toLowerCase()).join(',')}.eml`;
    return writeFile(path.join(dir, name), raw);
  });
  return { url: server.url, dir, close: server.close };
}

/** The newest mail the portal sent to an address (waits up to 10 s for it to arrive). */
export async function readMail(to: string): Promise<{ raw: string; code: string | undefined }> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mailbox starts in global setup');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(dir)).filter((file) => file.endsWith(`-${to.toLowerCase()}.eml`)).sort();
    const newest = files.at(-1);
    if (newest) {
      const raw = await readFile(path.join(dir, newest), 'utf8');
      return { raw, code: raw.match(/\b(\d{6})\b/)?.[1] };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
