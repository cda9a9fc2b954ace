/**
 * Validity extension for one voucher and expiry reminders (issue 16 points 7 and 9).
 *
 * `extension_target`: a VVE add-on order bought for one voucher of its parent order (from My
 * Vouchers or a reminder's link); when its payment goes through, only that voucher is extended.
 *
 * `reminder`: one row per voucher and kind ('30d', '7d', '1d'), written with the email in the
 * transaction that decides it is due; `sent_at` is set once the mailer has taken it (stable
 * Message-ID, so a hand-over repeated after a crash is stored once). The primary key makes each
 * kind go once per voucher whatever runs at the same time.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.extension_target (
      addon_order_id uuid primary key,
      voucher_id uuid not null references vouchers.voucher (id)
    )`.execute(db);

  await sql`
    create table vouchers.reminder (
      voucher_id uuid not null references vouchers.voucher (id),
      kind text not null check (kind in ('30d', '7d', '1d')),
      to_address text not null,
      subject text not null,
      text_body text not null,
      message_id text not null unique,
      -- the expiry the reminder was about
      expires_at timestamptz not null,
      created_at timestamptz not null,
      sent_at timestamptz,
      attempts integer not null default 0,
      primary key (voucher_id, kind)
    )`.execute(db);
  // The delivery step reads the ones not handed over yet.
  await sql`create index reminder_unsent on vouchers.reminder (created_at) where sent_at is null`.execute(db);
}
