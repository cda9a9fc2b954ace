/**
 * The mail outbox: every message the outbox mailer "sends", newest listed first by the
 * development page. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table mail.outbox (
      id bigint generated always as identity primary key,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index outbox_to_idx on mail.outbox (lower(to_address), id desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table mail.outbox`.execute(db);
}
