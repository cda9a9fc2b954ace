/**
 * The orders schema: orders (current state) with their lines and an append-only event log
 * (architecture "events beside state"), payments, vouchers (unique random codes), idempotency
 * keys of our own API (reliability P4), the stored checkout options per basket, promo codes and
 * their redemptions, the gifting config, express-buy tokens and the order-mail outbox written in
 * the paying transaction. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create sequence orders.order_number_seq start with 100001`.execute(db);
  await sql`
    create table orders.orders (
      id uuid primary key,
      -- spec §3 productOrder.id, what the shopper sees and the URLs carry
      order_number text not null unique,
      kind text not null default 'order' check (kind in ('order', 'addon')),
      parent_order_id uuid references orders.orders (id),
      status text not null check (status in ('PENDING', 'PAID', 'FAILED')),
      basket_token text not null,
      -- c:{customerToken} | g:{email} | b:{basketToken} (README "Customer key")
      customer_key text not null,
      customer_token text,
      email text not null,
      currency text not null default 'GBP' check (currency = 'GBP'),
      subtotal integer not null check (subtotal >= 0),
      postage integer not null check (postage >= 0),
      promo_discount integer not null check (promo_discount >= 0),
      vip integer not null check (vip >= 0),
      total_amount integer not null check (total_amount >= 0),
      cash_amount integer not null check (cash_amount >= 0),
      wallet_used integer not null check (wallet_used >= 0),
      payment_method text not null,
      provider text,
      card_type text,
      transaction_id text,
      save_instrument boolean not null default false,
      saved_instrument_id text,
      promo_code text,
      delivery_address jsonb,
      -- the purchase-cap day (London) the units were counted on
      cap_day date not null,
      -- SHA-256 of the guest access token (the raw token is only in the order answer)
      access_token_hash text,
      failure_code text,
      failure_message text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      paid_at timestamptz,
      check (total_amount = cash_amount + wallet_used),
      check (status <> 'FAILED' or failure_code is not null)
    )`.execute(db);
  // One pending order per basket: a second attempt while one waits for its provider is refused by the database.
  await sql`create unique index orders_one_pending_per_basket on orders.orders (basket_token) where status = 'PENDING' and kind = 'order'`.execute(db);
  await sql`create index orders_customer_idx on orders.orders (customer_token, created_at desc) where customer_token is not null`.execute(db);
  await sql`create index orders_pending_idx on orders.orders (created_at) where status = 'PENDING'`.execute(db);

  await sql`
    create table orders.order_line (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders.orders (id),
      line_no integer not null,
      deal_id integer not null,
      deal_product_id integer not null,
      title text not null,
      quantity integer not null check (quantity > 0),
      unit_price integer not null check (unit_price >= 0),
      postage integer not null check (postage >= 0),
      -- spec §3 finalDealOrderAmount: quantity × unit price + postage
      line_total integer not null check (line_total >= 0),
      addon_type text check (addon_type in ('VVE', 'DVP')),
      gift boolean not null default false,
      gifting_type text not null default 'none',
      gift_recipient jsonb,
      pay_deposit boolean not null default false,
      unique (order_id, line_no)
    )`.execute(db);

  await sql`
    create table orders.order_event (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders.orders (id),
      type text not null,
      from_status text,
      to_status text,
      data jsonb not null default '{}',
      at timestamptz not null
    )`.execute(db);
  await sql`create index order_event_order_idx on orders.order_event (order_id, id)`.execute(db);
  // Append-only: history is never rewritten.
  await sql`
    create function orders.refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'orders.% is append-only', tg_table_name;
    end $$`.execute(db);
  await sql`create trigger order_event_append_only before update or delete on orders.order_event for each row execute function orders.refuse_change()`.execute(db);

  await sql`
    create table orders.payment (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders.orders (id),
      provider text not null,
      method text not null,
      amount integer not null check (amount > 0),
      currency text not null,
      status text not null check (status in ('captured')),
      transaction_id text not null,
      card_type text,
      instrument_id text,
      created_at timestamptz not null,
      unique (order_id)
    )`.execute(db);

  await sql`
    create table orders.voucher (
      id uuid primary key,
      -- random, ≥ 80 bits, unambiguous alphabet (lib/voucher-codes.ts)
      code text not null,
      order_id uuid not null references orders.orders (id),
      order_line_id bigint not null references orders.order_line (id),
      deal_id integer not null,
      deal_product_id integer not null,
      title text not null,
      status text not null,
      recipient_name text,
      expires_at timestamptz,
      extended_months integer not null default 0 check (extended_months between 0 and 3),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create unique index voucher_code_key on orders.voucher (code)`.execute(db);
  await sql`create index voucher_order_idx on orders.voucher (order_id)`.execute(db);

  await sql`
    create table orders.idempotency_key (
      -- c:{customerToken} or b:{basketToken}: the caller the key belongs to
      scope text not null,
      operation text not null,
      idem_key text not null,
      request_hash text not null,
      state text not null check (state in ('in_flight', 'done')),
      order_id uuid references orders.orders (id),
      -- a guest order's access token, kept (like the answer that carries it) only while the key is
      -- retained, so a replay or the answer after reconciliation can give it again
      access_token text,
      response_status integer,
      response_body text,
      claimed_at timestamptz not null,
      completed_at timestamptz,
      primary key (scope, operation, idem_key),
      check ((state = 'done') = (response_status is not null))
    )`.execute(db);

  await sql`
    create table orders.checkout_options (
      basket_token text primary key,
      promo_code text,
      wallet boolean not null default false,
      vip_checked boolean not null default false,
      -- the countdown of the last hold this checkout took: an expired one reports 0 until refreshed
      hold_expires_at timestamptz,
      hold_signature text,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table orders.promo_code (
      code text primary key check (code = upper(code)),
      description text not null,
      percent_off integer check (percent_off between 1 and 100),
      amount_off integer check (amount_off > 0),
      starts_at timestamptz,
      expires_at timestamptz,
      single_use boolean not null default false,
      -- applies only to lines of this deals subcategory when set (990001: cruises, which no seeded deal is)
      subcategory_id integer,
      eligibility text not null default 'all' check (eligibility in ('all', 'vip', 'new_customer')),
      check ((percent_off is null) <> (amount_off is null))
    )`.execute(db);
  await sql`
    create table orders.promo_redemption (
      code text not null references orders.promo_code (code),
      customer_key text not null,
      order_id uuid references orders.orders (id),
      created_at timestamptz not null,
      primary key (code, customer_key)
    )`.execute(db);

  await sql`
    create table orders.gifting_config (
      kind text primary key check (kind in ('gift_wrap', 'ndd-gpk', 'std-gpk')),
      deal_id integer not null,
      product_id integer not null,
      title text not null,
      price integer not null check (price >= 0)
    )`.execute(db);

  await sql`
    create table orders.express_buy_token (
      token_hash text primary key,
      email text not null,
      deal_id integer not null,
      product_id integer not null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);

  await sql`
    create table orders.mail_outbox (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders.orders (id),
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      created_at timestamptz not null,
      sent_at timestamptz,
      attempts integer not null default 0,
      unique (order_id, kind)
    )`.execute(db);
  await sql`create index mail_outbox_unsent_idx on orders.mail_outbox (id) where sent_at is null`.execute(db);

  // Seeds: the gifting config (spec §3 preset ids for the wrap) and promo codes covering every spec §5 outcome.
  await sql`
    insert into orders.gifting_config (kind, deal_id, product_id, title, price) values
      ('gift_wrap', 16172264, 2440914, 'Gift wrap', 299),
      ('ndd-gpk', 16172265, 2440915, 'Gift pack, next-day delivery', 699),
      ('std-gpk', 16172265, 2440916, 'Gift pack, standard delivery', 399)`.execute(db);
  await sql`
    insert into orders.promo_code (code, description, percent_off, amount_off, starts_at, expires_at, single_use, subcategory_id, eligibility) values
      ('WELCOME10', '10% off your order', 10, null, null, null, false, null, 'all'),
      ('FIVEOFF', '£5 off your order', null, 500, null, null, false, null, 'all'),
      ('EXPIRED5', '5% off (ended)', 5, null, null, '2024-01-01T00:00:00Z', false, null, 'all'),
      ('ONCEONLY', '£3 off, once per customer', null, 300, null, null, true, null, 'all'),
      ('CRUISE15', '15% off cruises', 15, null, null, null, false, 990001, 'all'),
      ('VIPONLY20', '20% off for VIP members', 20, null, null, null, false, null, 'vip'),
      ('NEWBIE15', '15% off your first order', 15, null, null, null, false, null, 'new_customer')`.execute(db);
  // The fixture customer (customer token 'fixture-customer-0001') has already used ONCEONLY.
  await sql`insert into orders.promo_redemption (code, customer_key, order_id, created_at) values ('ONCEONLY', 'c:fixture-customer-0001', null, '2026-01-01T00:00:00Z')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['mail_outbox', 'express_buy_token', 'gifting_config', 'promo_redemption', 'promo_code', 'checkout_options', 'idempotency_key', 'voucher', 'payment', 'order_event', 'order_line', 'orders']) {
    await sql`drop table ${sql.id('orders', table)}`.execute(db);
  }
  await sql`drop function orders.refuse_change()`.execute(db);
  await sql`drop sequence orders.order_number_seq`.execute(db);
}
