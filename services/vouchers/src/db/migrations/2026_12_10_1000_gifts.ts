/**
 * Gifts (issue 16 point 8): a gift is a claim of one or more vouchers by one recipient. Its claim
 * token is random (192 bits) and only its SHA-256 is kept (`token_hash`), so a read of this table
 * cannot claim anything. A gift comes from a paid order's e-gift lines (the checkout's paying
 * transaction) or from a holder gifting one unredeemed voucher from My Vouchers. Claiming sets
 * `claimed_at` once (a conditional update) and moves the gift's vouchers to the claimant.
 * `voucher.gift_id` is the voucher's latest gift. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.gift (
      id uuid primary key,
      token_hash text not null unique,
      -- where it came from: an order's e-gift lines ('order') or a holder's voucher ('holder')
      source text not null check (source in ('order', 'holder')),
      order_id uuid,
      -- the giver: their customer token when signed in (null for a guest's order) and the name the recipient reads
      giver_token text,
      giver_name text not null,
      recipient_name text not null,
      recipient_email text not null,
      message text,
      created_at timestamptz not null,
      claimed_at timestamptz,
      claimed_by text,
      claimed_by_name text,
      -- a holder's gift mail, sent by this service after the commit (at least once); cleared once handed over
      mail_subject text,
      mail_text text,
      mail_sent_at timestamptz,
      check ((claimed_at is null) = (claimed_by is null))
    )`.execute(db);
  await sql`create index gift_giver_idx on vouchers.gift (giver_token, created_at desc) where giver_token is not null`.execute(db);
  await sql`create index gift_unsent_idx on vouchers.gift (created_at) where mail_text is not null and mail_sent_at is null`.execute(db);
  await sql`alter table vouchers.voucher add column gift_id uuid references vouchers.gift (id)`.execute(db);
  await sql`create index voucher_gift_idx on vouchers.voucher (gift_id) where gift_id is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.voucher drop column gift_id`.execute(db);
  await sql`drop table vouchers.gift`.execute(db);
}
