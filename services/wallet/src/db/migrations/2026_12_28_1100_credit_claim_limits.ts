/**
 * Guessing limits of credit claims (issue 18 point 3): campaign ids are short numbers, so claims
 * that give nothing (an unknown, withdrawn, unstarted or ended campaign) are counted per account
 * and per client address. The platform's limiter (services/platform/src/rate-limit.ts): fixed
 * windows, one row per (bucket, key digest), one atomic upsert per hit (never read-then-write).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table wallet.rate_limit (
    bucket text not null,
    key_hash text not null,
    window_start timestamptz not null,
    hits integer not null,
    primary key (bucket, key_hash)
  )`.execute(db);
  await sql`create index rate_limit_window_idx on wallet.rate_limit (window_start)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists wallet.rate_limit`.execute(db);
}
