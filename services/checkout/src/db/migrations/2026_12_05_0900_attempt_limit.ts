/**
 * Attempt limits (issue 14: promo and gift card code guessing, express-buy tokens): fixed windows
 * in the database so every shop process counts together, one row per (bucket, key digest).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table orders.attempt_limit (
      bucket text not null,
      key_hash text not null,
      window_start timestamptz not null,
      hits integer not null check (hits >= 0),
      primary key (bucket, key_hash)
    )`.execute(db);
  await sql`create index attempt_limit_window_idx on orders.attempt_limit (window_start)`.execute(db);
  await sql`create index express_buy_token_expires_idx on orders.express_buy_token (expires_at)`.execute(db);
  await sql`create index express_buy_token_email_idx on orders.express_buy_token (email)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index orders.express_buy_token_email_idx`.execute(db);
  await sql`drop index orders.express_buy_token_expires_idx`.execute(db);
  await sql`drop table orders.attempt_limit`.execute(db);
}
