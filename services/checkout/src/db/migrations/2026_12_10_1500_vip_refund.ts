/**
 * Issue 18 point 5: a VIP membership cancelled within 14 days of joining or renewing (UK DMCC Act
 * 2024 cooling-off) is refunded: one row per order that paid for it (the primary key makes the
 * refund once-only), the card part then sent to the provider with `vip-<order id>` as the
 * idempotency key (requested until it answers, completed or failed after), the wallet part given
 * back in the cancelling transaction. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table orders.vip_refund (
      order_id uuid primary key references orders.orders (id),
      customer_token text not null,
      amount integer not null check (amount > 0 and amount <= 499),
      card_amount integer not null check (card_amount >= 0),
      wallet_amount integer not null check (wallet_amount >= 0),
      state text not null check (state in ('requested', 'completed', 'failed')),
      provider_reference text,
      failure text,
      attempts integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (card_amount + wallet_amount = amount)
    )`.execute(db);
  await sql`create index vip_refund_requested on orders.vip_refund (updated_at) where state = 'requested'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table orders.vip_refund`.execute(db);
}
