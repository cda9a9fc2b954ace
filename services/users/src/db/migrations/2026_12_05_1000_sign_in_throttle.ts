/**
 * Issue 14 #5: sign-in throttling replaces the lock after consecutive failures. One row per
 * (scope, key): scope 'email' (the typed address, registered or not, so known and unknown
 * addresses are throttled alike) or 'address' (the client's IP); the key is a SHA-256 digest.
 * Sign-in links get a token purpose of their own. Locks set by failures so far are lifted: a
 * stranger's wrong passwords must never have locked anyone (only staff lock from now on).
 */
import { sql, type Kysely } from 'kysely';

const PURPOSES = ['confirm_email', 'password_reset', 'password_activate', 'subscription_confirm', 'anonymise_confirm'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users.sign_in_throttle (
      scope text not null check (scope in ('email', 'address')),
      key_hash text not null,
      failures integer not null check (failures >= 0),
      next_allowed_at timestamptz not null,
      last_failure_at timestamptz not null,
      primary key (scope, key_hash)
    )`.execute(db);
  await sql`create index sign_in_throttle_last_idx on users.sign_in_throttle (last_failure_at)`.execute(db);
  await sql`alter table users.one_time_token drop constraint one_time_token_purpose_check`.execute(db);
  await sql`alter table users.one_time_token add constraint one_time_token_purpose_check check (purpose in (${sql.join([...PURPOSES, 'sign_in_link'].map((p) => sql.lit(p)))}))`.execute(db);
  await sql`update users.account set locked_at = null, failed_logins = 0 where locked_at is not null or failed_logins > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists users.sign_in_throttle`.execute(db);
  await sql`delete from users.one_time_token where purpose = 'sign_in_link'`.execute(db);
  await sql`alter table users.one_time_token drop constraint one_time_token_purpose_check`.execute(db);
  await sql`alter table users.one_time_token add constraint one_time_token_purpose_check check (purpose in (${sql.join(PURPOSES.map((p) => sql.lit(p)))}))`.execute(db);
}
