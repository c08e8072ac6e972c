import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { AppError } from '../http/errors.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the text (a scheduled report's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** Sends or fails with SEND_EMAIL_EXCEPTION; the SMTP server's own words go to the log only. */
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it mails are written to `outboxDir` as .eml files. */
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** ARCHITECTURE section 1: real SMTP when SMTP_URL is set, else an outbox folder that the log points to. */
export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  if (!smtpUrl) log.info({ outboxDir }, 'SMTP_URL is not set: e-mails are written to the outbox folder as .eml files');
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, ...mail });
        if (!smtpUrl) {
          await mkdir(outboxDir, { recursive: true });
          const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
          await writeFile(file, (info as unknown as { message: Buffer }).message);
          log.info({ file, to: mail.to }, 'e-mail written to the outbox');
        }
      } catch (err) {
        log.error({ err, to: mail.to }, 'sending an e-mail failed');
        throw new AppError('SEND_EMAIL_EXCEPTION');
      }
    },
  };
}
