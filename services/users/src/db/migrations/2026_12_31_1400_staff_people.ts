/**
 * Staff people (issue 17 point 7): a person of the shop's staff signs in with an email and a
 * password (argon2id, set by `npm run staff-key -- add-person`) and gets a staff session: its own
 * table and token, never a shopper's session. Removing a person ends their sessions. Frozen in
 * time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table users.staff_member (
      id bigint generated always as identity primary key,
      email text not null check (length(email) between 3 and 254 and email = lower(email)),
      name text not null check (length(name) between 1 and 100),
      password_hash text not null,
      created_at timestamptz not null,
      removed_at timestamptz
    )`.execute(db);
  // One live person per email; a removed person's row stays (who had access, and when).
  await sql`create unique index staff_member_live_email_key on users.staff_member (email) where removed_at is null`.execute(db);
  await sql`
    create table users.staff_session (
      id bigint generated always as identity primary key,
      member_id bigint not null references users.staff_member (id),
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      check (expires_at > created_at)
    )`.execute(db);
  await sql`create index staff_session_member_idx on users.staff_session (member_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table users.staff_session`.execute(db);
  await sql`drop table users.staff_member`.execute(db);
}
