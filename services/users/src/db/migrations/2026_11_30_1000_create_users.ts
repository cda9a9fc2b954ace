/**
 * The users schema: accounts, sessions (only a SHA-256 of each token), one-time link tokens
 * (hashed), social identities keyed by (issuer, subject), email subscriptions, rate-limit
 * counters, the secret that signs preferences links, and the append-only account event log
 * ("events beside state", architecture.md Data). Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table users.account (
      id bigint generated always as identity primary key,
      customer_token text not null unique check (length(customer_token) >= 10),
      -- trimmed, NFC, lower case (domain normaliseEmail); null once anonymised
      email text check (length(email) <= 254),
      first_name text check (length(first_name) <= 200),
      last_name text check (length(last_name) <= 200),
      -- argon2id PHC string; null for accounts without a password (express, social)
      password_hash text,
      email_verified boolean not null default false,
      failed_logins integer not null default 0 check (failed_logins >= 0),
      locked_at timestamptz,
      vip_user boolean not null default false,
      vip_status text not null default 'NOT_CHECKED' check (vip_status in ('ELIGIBLE', 'ACTIVE', 'RENEW', 'NOT_CHECKED')),
      has_address boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      anonymised_at timestamptz,
      check (anonymised_at is null or (email is null and password_hash is null and first_name is null and last_name is null))
    )`.execute(db);
  // No two accounts differ only by case (the application stores the normalised form; this is the backstop).
  await sql`create unique index account_email_key on users.account (lower(email)) where email is not null`.execute(db);

  await sql`
    create table users.session (
      token_hash text primary key,
      user_id bigint not null references users.account (id),
      persistent boolean not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      idle_expires_at timestamptz not null,
      absolute_expires_at timestamptz not null,
      check (idle_expires_at <= absolute_expires_at)
    )`.execute(db);
  await sql`create index session_user_idx on users.session (user_id)`.execute(db);
  await sql`create index session_expiry_idx on users.session (idle_expires_at)`.execute(db);

  await sql`
    create table users.email_subscription (
      id bigint generated always as identity primary key,
      email text not null check (length(email) <= 254),
      confirmed boolean not null default false,
      confirmed_at timestamptz,
      topics text[] not null,
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      source text not null,
      unsubscribed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index email_subscription_email_key on users.email_subscription (lower(email))`.execute(db);

  await sql`
    create table users.one_time_token (
      id bigint generated always as identity primary key,
      purpose text not null check (purpose in ('confirm_email', 'password_reset', 'password_activate', 'subscription_confirm')),
      token_hash text not null unique,
      user_id bigint references users.account (id),
      subscription_id bigint references users.email_subscription (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      voided_at timestamptz,
      check ((user_id is null) <> (subscription_id is null))
    )`.execute(db);
  await sql`create index one_time_token_user_idx on users.one_time_token (user_id, purpose) where used_at is null and voided_at is null`.execute(db);
  await sql`create index one_time_token_expiry_idx on users.one_time_token (expires_at)`.execute(db);

  await sql`
    create table users.social_identity (
      issuer text not null check (length(issuer) <= 300),
      subject text not null check (length(subject) <= 255),
      provider text not null check (provider in ('google', 'facebook')),
      user_id bigint not null references users.account (id),
      created_at timestamptz not null,
      primary key (issuer, subject)
    )`.execute(db);
  await sql`create index social_identity_user_idx on users.social_identity (user_id)`.execute(db);

  // Fixed windows, one row per (bucket, key): one atomic upsert counts a hit (never read-then-write).
  await sql`
    create table users.rate_limit (
      bucket text not null,
      key_hash text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, key_hash)
    )`.execute(db);
  await sql`create index rate_limit_window_idx on users.rate_limit (window_start)`.execute(db);

  await sql`
    create table users.link_secret (
      id integer primary key default 1 check (id = 1),
      secret text not null check (length(secret) >= 43),
      created_at timestamptz not null default now()
    )`.execute(db);

  // Append-only: who did what to an account, without personal data (no emails, names or addresses).
  await sql`
    create table users.account_event (
      id bigint generated always as identity primary key,
      user_id bigint references users.account (id),
      kind text not null,
      at timestamptz not null,
      detail jsonb
    )`.execute(db);
  await sql`create index account_event_user_idx on users.account_event (user_id, id)`.execute(db);
  await sql`
    create function users.account_event_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'users.account_event is append-only';
    end $$`.execute(db);
  await sql`
    create trigger account_event_append_only before update or delete on users.account_event
    for each row execute function users.account_event_append_only()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['account_event', 'link_secret', 'rate_limit', 'social_identity', 'one_time_token', 'email_subscription', 'session', 'account']) {
    await sql`drop table if exists ${sql.table(`users.${table}`)}`.execute(db);
  }
  await sql`drop function if exists users.account_event_append_only()`.execute(db);
}
