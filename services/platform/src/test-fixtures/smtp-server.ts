/**
 * A real SMTP server on 127.0.0.1 for tests (architecture.md Email: "tests receive real SMTP with a
 * local SMTP server"): every message it accepts is parsed with postal-mime. `stop()` takes it down
 * (connections are refused, as a dead mail relay's are) and `start()` brings it back on the same
 * port, so a sender configured once sees the outage and the recovery (reliability C4).
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  email: Awaited<ReturnType<typeof PostalMime.parse>>;
}

export interface LocalSmtp {
  received: ReceivedMail[];
  url: string;
  /** Refuses connections until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** `reject: true` answers every message with 550 (a relay that is up but refuses). */
export async function startSmtp(options: { reject?: boolean } = {}): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;
  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (options.reject) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          PostalMime.parse(Buffer.concat(chunks)).then(
            (email) => {
              received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), email });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    stop,
    start: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
