/**
 * The payment schema: the charges we asked providers for (one row per provider idempotency key,
 * with the final answer once known) and the saved instruments of signed-in shoppers (spec §3:
 * savedCard, type, gateway, default flag). Only the provider's vault token, the brand, the last
 * four digits and the expiry are kept: never a card number (reliability P9). Frozen in time:
 * never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table payment.charge (
      idempotency_key text primary key check (length(idempotency_key) between 1 and 255),
      order_ref text not null check (length(order_ref) between 1 and 255),
      provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
      method text not null check (method in ('credit_card', 'paypal', 'paypal_credit', 'google_pay', 'apple_pay', 'klarna', 'clearpay')),
      amount bigint not null check (amount > 0),
      currency text not null check (currency = 'GBP'),
      customer_token text,
      -- pending: asked, no answer yet; unknown: the provider's answer never came (reconcile by order_ref)
      status text not null check (status in ('pending', 'unknown', 'succeeded', 'declined')),
      transaction_id text,
      result jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (status not in ('succeeded', 'declined') or result is not null)
    )`.execute(db);
  await sql`create index charge_order_ref_idx on payment.charge (order_ref)`.execute(db);

  await sql`
    create table payment.instrument (
      id text primary key,
      customer_token text not null check (length(customer_token) >= 10),
      type text not null check (type in ('card', 'paypal', 'google', 'apple', 'klarna', 'clearpay')),
      gateway text not null check (gateway in ('braintree', 'klarna', 'clearpay')),
      vault_token text not null unique check (length(vault_token) between 1 and 255),
      card_type text check (length(card_type) <= 40),
      last4 text check (last4 ~ '^[0-9]{4}$'),
      expiry_month integer check (expiry_month between 1 and 12),
      expiry_year integer check (expiry_year between 2000 and 2100),
      is_default boolean not null default false,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index instrument_customer_idx on payment.instrument (customer_token, created_at)`.execute(db);
  // At most one default per shopper: setting a default is exclusive.
  await sql`create unique index instrument_one_default on payment.instrument (customer_token) where is_default`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists payment.instrument`.execute(db);
  await sql`drop table if exists payment.charge`.execute(db);
}
