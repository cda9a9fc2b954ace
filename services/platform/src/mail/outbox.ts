/**
 * The outbox mailer: messages are rows of `mail.outbox` (schema `mail`, its own migrations),
 * listed newest first by the development page (OUTBOX_PAGE_PATH, outside production) and read
 * by tests. Nothing leaves the machine.
 */
import { sql, type Kysely, type Generated, type ColumnType } from 'kysely';
import { schemaMigrations } from '../migrate.ts';
import { assertSendable, type Mailer, type MailMessage } from './mailer.ts';

export const MAIL_SCHEMA = 'mail';

export interface OutboxTable {
  id: ColumnType<string, never, never>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** The sender's Message-ID: a message handed over again with the same id is stored once. */
  message_id: string | null;
  /** The one-click unsubscribe url SMTP sends as List-Unsubscribe (mail a shopper chose to get). */
  list_unsubscribe: string | null;
  created_at: Generated<Date>;
}

export interface MailDatabase {
  outbox: OutboxTable;
}

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: mailMigrations, migrate: migrateMail } = schemaMigrations(MAIL_SCHEMA, new URL('./migrations/', import.meta.url));

const mailDb = <DB>(db: Kysely<DB>) => (db as unknown as Kysely<MailDatabase>).withSchema(MAIL_SCHEMA);

export function createOutboxMailer<DB>(db: Kysely<DB>): Mailer {
  return {
    async send(message: MailMessage) {
      assertSendable(message);
      await mailDb(db)
        .insertInto('outbox')
        .values({ kind: message.kind, to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null, message_id: message.messageId ?? null, list_unsubscribe: message.listUnsubscribe ?? null })
        // The same message handed over again (at-least-once delivery after a crash): kept once.
        .onConflict((oc) => oc.column('message_id').doNothing())
        .execute();
    },
    async forgetRecipient<T>(address: string, within?: Kysely<T>) {
      return within ? forgetOutboxRecipient(within, address) : forgetOutboxRecipient(db, address);
    },
  };
}

/**
 * Deletes the outbox rows to `address` (compared as the outbox page's filter compares it): the
 * copies of an anonymised shopper's reset, confirmation and notice emails. Returns how many.
 */
export async function forgetOutboxRecipient<DB>(db: Kysely<DB>, address: string): Promise<number> {
  const key = address.trim().toLowerCase();
  if (!key) return 0;
  const result = await mailDb(db).deleteFrom('outbox').where(sql<string>`lower(to_address)`, '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface OutboxMessage {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  /** The url SMTP would send as `List-Unsubscribe: <url>` (one-click, RFC 8058). */
  listUnsubscribe: string | null;
  createdAt: string;
}

export interface ListOutboxOptions {
  /** At most this many (1 to 500; default 50). */
  limit?: number;
  /** Only messages to this address (compared case-insensitively). */
  to?: string;
}

/** The outbox, newest first. */
export async function listOutbox<DB>(db: Kysely<DB>, options: ListOutboxOptions = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(500, Math.max(1, Math.trunc(options.limit ?? 50)));
  let query = mailDb(db).selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (options.to !== undefined) query = query.where(sql<string>`lower(to_address)`, '=', options.to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    messageId: r.message_id,
    listUnsubscribe: r.list_unsubscribe,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
