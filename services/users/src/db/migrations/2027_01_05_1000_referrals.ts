/**
 * Refer a friend (issue 18 point 4, domain/src/referrals.ts). referral_link: each account's
 * personal code (unique) with its share and open counters (spec §7 user/raf/stat/share and
 * user/raf/stat/open) and how many friends it was credited for, capped at 20 by a check (the
 * conditional update of the settle step cannot pass it). referral: one row per referee (unique:
 * at most one referrer, ever), JOINED → PENDING (its first paid order, due at the end of the
 * refund window) → CREDITED or VOID. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table users.referral_link (
      user_id bigint primary key references users.account (id),
      code text not null unique check (code ~ '^[A-Za-z0-9_-]{16}$'),
      shares integer not null default 0 check (shares >= 0),
      opens integer not null default 0 check (opens >= 0),
      credited_friends integer not null default 0 check (credited_friends between 0 and 20),
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table users.referral (
      id uuid primary key,
      referrer_id bigint not null references users.account (id),
      referee_id bigint not null unique references users.account (id),
      status text not null check (status in ('JOINED', 'PENDING', 'CREDITED', 'VOID')),
      void_reason text check (void_reason in ('REFUNDED', 'SELF_PAYMENT')),
      order_ref text unique,
      paid_at timestamptz,
      due_at timestamptz,
      referee_credit integer not null default 0 check (referee_credit in (0, 1000)),
      referrer_credit integer not null default 0 check (referrer_credit in (0, 1000)),
      created_at timestamptz not null,
      settled_at timestamptz,
      check (referrer_id <> referee_id),
      check ((status in ('PENDING', 'CREDITED')) = (order_ref is not null and due_at is not null) or status = 'VOID'),
      check ((status = 'VOID') = (void_reason is not null))
    )`.execute(db);
  await sql`create index referral_referrer_idx on users.referral (referrer_id, created_at)`.execute(db);
  await sql`create index referral_due_idx on users.referral (due_at) where status = 'PENDING'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table users.referral`.execute(db);
  await sql`drop table users.referral_link`.execute(db);
}
