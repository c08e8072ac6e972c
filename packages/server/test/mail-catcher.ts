import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port that hands each mail it receives (its recipients and bytes) to `onMail`, and
 * accepts the mail once that is done.
 */
export async function smtpCatcher(onMail: (to: string[], raw: Buffer) => Promise<void> | void) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        Promise.resolve(onMail(to, Buffer.concat(chunks))).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An SMTP catcher that keeps what it receives, so tests read the codes the portal sent. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const server = await smtpCatcher((to, raw) => {
    mails.push({ to, raw: raw.toString('utf8') });
  });
  return {
    url: server.url,
    mails,
    /** The newest 6-digit code sent to an address. */
    codeFor(to: string): string | undefined {
      const mail = mails.filter((m) => m.to.includes(to)).at(-1);
      return mail?.raw.match(/\b(\d{6})\b/)?.[1];
    },
    close: server.close,
  };
}
