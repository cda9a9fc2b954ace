/**
 * Issue 16.5: refunds of part of a capture (a voucher at a time, several over time), one row per
 * refund by OUR idempotency key, with the provider's answer once known. Σ of a capture's refunds
 * (pending, unknown or refunded: the money may have moved) never exceeds what it captured: the
 * refund claims its amount under a lock of the capture's payment.charge row (payments.ts).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table payment.refund (
      idempotency_key text primary key check (idempotency_key ~ '^[!-~]{1,64}$'),
      provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
      method text not null check (method in ('credit_card', 'paypal', 'paypal_credit', 'google_pay', 'apple_pay', 'klarna', 'clearpay')),
      transaction_id text not null check (length(transaction_id) between 1 and 255),
      order_ref text not null check (length(order_ref) between 1 and 255),
      amount bigint not null check (amount > 0),
      currency text not null check (currency = 'GBP'),
      reason text not null check (length(reason) between 1 and 500),
      -- pending: claimed, the provider being asked; unknown: its answer never came (asked again
      -- with the key); refunded / refused: its answer (refused REFUND_NOT_SETTLED: asked again later)
      state text not null check (state in ('pending', 'refunded', 'refused', 'unknown')),
      reference text check (length(reference) between 1 and 255),
      code text check (code in ('REFUND_EXCEEDS_CAPTURE', 'REFUND_NOT_SETTLED', 'REFUND_REFUSED')),
      message text check (length(message) <= 500),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((state = 'refunded') = (reference is not null)),
      check ((state = 'refused') = (code is not null))
    )`.execute(db);
  await sql`create index refund_transaction_idx on payment.refund (provider, transaction_id)`.execute(db);
  await sql`create index refund_order_ref_idx on payment.refund (order_ref)`.execute(db);
  await sql`create unique index refund_reference_idx on payment.refund (provider, reference) where reference is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists payment.refund`.execute(db);
}
