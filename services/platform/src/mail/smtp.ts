/**
 * The SMTP mailer (nodemailer), used when SMTP_URL is set: `smtp://user:pass@host:587` (STARTTLS
 * when the server offers it) or `smtps://host:465`. nodemailer is loaded on first use, so a
 * process that keeps to the outbox never loads it. A load that fails is not kept: that send
 * rejects and the next one loads again. `close()` never rejects.
 */
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { assertSendable, DEFAULT_MAIL_FROM, listUnsubscribeHeaders, type Mailer, type MailMessage } from './mailer.ts';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL. */
  url: string;
  /** The From header (default DEFAULT_MAIL_FROM). */
  from?: string;
  /** Loads nodemailer (default: `import('nodemailer')`); tests pass one that fails. */
  load?: () => Promise<Pick<typeof Nodemailer, 'createTransport'>>;
}

export interface SmtpMailer extends Mailer {
  /** Closes pooled connections; resolves (never rejects) once they are closed, also when nodemailer never loaded. */
  close(): Promise<void>;
}

/** The default `load`: nodemailer itself. */
export const loadNodemailer = (): Promise<Pick<typeof Nodemailer, 'createTransport'>> => import('nodemailer');

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  if (!/^smtps?:\/\//.test(options.url)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const load = options.load ?? loadNodemailer;
  let transporter: Promise<Transporter> | undefined;
  const transport = () => {
    if (!transporter) {
      const pending = load().then((nodemailer) =>
        nodemailer.createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
      );
      transporter = pending;
      // A failed load is forgotten (the next send tries again), never kept as the answer for good.
      pending.catch(() => {
        if (transporter === pending) transporter = undefined;
      });
    }
    return transporter;
  };
  return {
    async send(message: MailMessage) {
      assertSendable(message);
      const t = await transport();
      await t.sendMail({
        from: options.from ?? DEFAULT_MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: { 'X-Mail-Kind': message.kind, ...listUnsubscribeHeaders(message.listUnsubscribe) },
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    // Nothing is kept here: what was sent is at the SMTP server and beyond.
    async forgetRecipient() {
      return 0;
    },
    async close() {
      const pending = transporter;
      transporter = undefined;
      if (!pending) return;
      try {
        (await pending).close();
      } catch {
        // Nothing was opened (the load failed), or closing failed: there is nothing left to close.
      }
    },
  };
}
