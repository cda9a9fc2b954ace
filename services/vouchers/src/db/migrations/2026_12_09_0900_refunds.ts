/**
 * Refunds (issue 16 point 5; reliability M7). What each voucher was paid (`paid`: its share of
 * what the order paid for its vouchers, promo discount taken off), the payment of each order
 * whose vouchers this service holds (`order_payment`: what the card and the wallet captured and
 * what has been refunded of each, never more: check constraints), and one `refund` per voucher at
 * most (one destination per refund, wallet only with the shopper's recorded consent).
 *
 * Existing vouchers are paid their unit price (orders before this had no promo split recorded per
 * voucher) and their orders' payments are copied from the checkout's tables when present.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.voucher add column paid integer`.execute(db);
  await sql`update vouchers.voucher set paid = price`.execute(db);
  await sql`alter table vouchers.voucher alter column paid set not null, add constraint voucher_paid_check check (paid >= 0)`.execute(db);

  await sql`
    create table vouchers.order_payment (
      order_id uuid primary key,
      order_number text not null,
      customer_token text,
      currency text not null,
      -- the cash part's method and capture; provider null when wallet credit paid everything
      method text not null,
      provider text,
      transaction_id text,
      cash_captured integer not null check (cash_captured >= 0),
      wallet_captured integer not null check (wallet_captured >= 0),
      cash_refunded integer not null default 0,
      wallet_refunded integer not null default 0,
      check (cash_refunded between 0 and cash_captured),
      check (wallet_refunded between 0 and wallet_captured),
      check ((provider is null) = (transaction_id is null))
    )`.execute(db);

  await sql`
    create table vouchers.refund (
      id uuid primary key,
      voucher_id uuid not null unique references vouchers.voucher (id),
      order_id uuid not null references vouchers.order_payment (order_id),
      customer_token text not null,
      idempotency_key text not null,
      request_hash text not null,
      destination text not null check (destination in ('original', 'wallet')),
      wallet_consent_at timestamptz,
      -- to the card (or the order's other provider) and to the wallet, integer pence
      cash_amount integer not null check (cash_amount >= 0),
      wallet_amount integer not null check (wallet_amount >= 0),
      state text not null check (state in ('requested', 'completed', 'failed')),
      provider_reference text,
      failure text,
      attempts integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (customer_token, idempotency_key),
      check (cash_amount + wallet_amount > 0),
      check (destination <> 'wallet' or (wallet_consent_at is not null and cash_amount = 0))
    )`.execute(db);
  await sql`create index refund_pending_idx on vouchers.refund (updated_at) where state = 'requested'`.execute(db);

  const { rows } = await sql<{ present: boolean }>`select to_regclass('orders.payment') is not null as present`.execute(db);
  if (!rows[0]?.present) return;
  await sql`
    insert into vouchers.order_payment (order_id, order_number, customer_token, currency, method, provider, transaction_id, cash_captured, wallet_captured)
    select o.id, o.order_number, o.customer_token, o.currency, o.payment_method, p.provider, p.transaction_id, coalesce(p.amount, 0), o.wallet_used
    from orders.orders o left join orders.payment p on p.order_id = o.id
    where exists (select 1 from vouchers.voucher v where v.order_id = o.id)
    on conflict do nothing`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table vouchers.refund`.execute(db);
  await sql`drop table vouchers.order_payment`.execute(db);
  await sql`alter table vouchers.voucher drop column paid`.execute(db);
}
