/**
 * The SMTP mailer (nodemailer), used when SMTP_URL is set: `smtp://user:pass@host:587` (STARTTLS
 * when the server offers it) or `smtps://host:465`. nodemailer is loaded on first use, so a
 * process that keeps to the outbox never loads it.
 */
import type { Transporter } from 'nodemailer';
import { assertSendable, DEFAULT_MAIL_FROM, type Mailer, type MailMessage } from './mailer.ts';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL. */
  url: string;
  /** The From header (default DEFAULT_MAIL_FROM). */
  from?: string;
}

export interface SmtpMailer extends Mailer {
  /** Closes pooled connections. */
  close(): void;
}

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  if (!/^smtps?:\/\//.test(options.url)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then((nodemailer) =>
      nodemailer.createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    ));
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
        headers: { 'X-Mail-Kind': message.kind },
      });
    },
    // Nothing is kept here: what was sent is at the SMTP server and beyond.
    async forgetRecipient() {
      return 0;
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}
