import type { Kysely } from 'kysely';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export { DEFAULT_MAIL_FROM, MAIL_KIND, assertSendable, type Mailer, type MailMessage } from './mailer.ts';
export {
  MAIL_SCHEMA,
  createOutboxMailer,
  forgetOutboxRecipient,
  listOutbox,
  mailMigrations,
  migrateMail,
  type ListOutboxOptions,
  type MailDatabase,
  type OutboxMessage,
} from './outbox.ts';
export { createSmtpMailer, loadNodemailer, type SmtpMailer, type SmtpMailerOptions } from './smtp.ts';

export interface CreateMailerOptions<DB> {
  /** Where the outbox lives (run `migrateMail(db)` first). */
  db: Kysely<DB>;
  /** SMTP_URL: when set, mail goes out by SMTP instead of into the outbox. */
  smtpUrl?: string | undefined;
  /** The From header of SMTP mail. */
  from?: string | undefined;
}

/** SMTP when `smtpUrl` is given, else the `mail.outbox` table. */
export function createMailer<DB>(options: CreateMailerOptions<DB>): Mailer {
  if (options.smtpUrl) return createSmtpMailer({ url: options.smtpUrl, ...(options.from ? { from: options.from } : {}) });
  return createOutboxMailer(options.db);
}
