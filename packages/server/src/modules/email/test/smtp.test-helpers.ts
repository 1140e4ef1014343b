import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it (the raw message, headers and body). */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on localhost (plain, with login), collecting what it receives. */
export interface LocalSmtp {
  port: number;
  received: Received[];
  /** Resolves when a mail whose raw text matches arrives (or is already there). */
  waitFor(match: RegExp, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'smtp pass 1';

export async function startSmtp(port = 0): Promise<LocalSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    // Login over plain text is what a local relay without TLS accepts; the tests use no TLS.
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    port: address.port,
    received,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((r) => match.test(r.raw));
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`No mail matching ${match} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken, then given back). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Polls `fn` until it answers something (a bounded wait for the outbox, not a speed check). */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
