import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 for the tests: it keeps every message it accepts. */
export interface TestSmtpServer {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Stops listening (connections open now are closed within 200 ms). */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping what was received. */
  restart(): Promise<void>;
  /** Called after each accepted message (a test may stop the server from here). */
  onMessage?: (mail: ReceivedMail) => void;
}

/** Starts the server on a free port (or `port`). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const self: TestSmtpServer = {
    port,
    url: '',
    received,
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async restart() {
      await self.stop();
      await listen(self.port);
    },
  };
  async function listen(at: number) {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(stream).then(
          (parsed) => {
            const mail = { to, parsed };
            received.push(mail);
            callback();
            self.onMessage?.(mail);
          },
          (err: Error) => callback(err),
        );
      },
    });
    server = s;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(at, '127.0.0.1', () => resolve());
    });
    const address = s.server.address();
    self.port = typeof address === 'object' && address ? address.port : at;
    self.url = `smtp://127.0.0.1:${self.port}`;
  }
  await listen(port);
  return self;
}

/** The first link to `prefix` in a message's plain text. */
export function linkIn(mail: ReceivedMail | ParsedMail, prefix: string): string {
  const text = ('parsed' in mail ? mail.parsed : mail).text ?? '';
  const at = text.indexOf(prefix);
  if (at < 0) throw new Error(`no link to ${prefix} in:\n${text}`);
  return text.slice(at).split(/\s/)[0]!;
}

/** Waits until `check` holds, polling every 20 ms, for at most `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
