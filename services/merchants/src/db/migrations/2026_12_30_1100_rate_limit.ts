/**
 * Rate limits of the public "Become a merchant" form (it sends mail to the address typed): the
 * platform's fixed windows (@shop/platform/rate-limit), one row per (bucket, key digest).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table merchants.rate_limit (
      bucket text not null,
      key_hash text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, key_hash)
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists merchants.rate_limit`.execute(db);
}
