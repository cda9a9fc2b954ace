/**
 * Staff API keys (architecture.md "Who may call what"): internal tools reach any GraphQL
 * operation, introspection and GraphiQL with one. Only the SHA-256 of a key is kept, with its
 * first characters to tell keys apart; a revoked key keeps its row (who had access, and when).
 * A name belongs to at most one live key. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table users.staff_key (
      id bigint generated always as identity primary key,
      name text not null check (length(name) between 1 and 64),
      key_prefix text not null check (length(key_prefix) between 4 and 16),
      key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null,
      revoked_at timestamptz,
      check (revoked_at is null or revoked_at >= created_at)
    )`.execute(db);
  await sql`create unique index staff_key_live_name_key on users.staff_key (lower(name)) where revoked_at is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table users.staff_key`.execute(db);
}
