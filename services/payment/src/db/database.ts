/**
 * The payment schema as Kysely sees it. Tables are keyed without the schema name: every query
 * goes through `inPayment(db)`.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';

export const PAYMENT_SCHEMA = 'payment';

export interface ChargeTable {
  idempotency_key: string;
  order_ref: string;
  provider: string;
  method: string;
  amount: ColumnType<string | number, number, number>;
  currency: string;
  customer_token: string | null;
  status: 'pending' | 'unknown' | 'review' | 'succeeded' | 'declined';
  transaction_id: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  /** The shopper asked to save the instrument (a new one, signed in): lookup saves it if the answer was lost (P3). */
  save_instrument: Generated<boolean>;
  /** POST /bt/addon: the add-on paid for ('VVE') and its parent order; null for an order's own charge. */
  addon_type: ColumnType<string | null, string | null | undefined, never>;
  parent_order_ref: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface InstrumentTable {
  id: string;
  customer_token: string;
  type: string;
  gateway: string;
  vault_token: string;
  card_type: string | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: Generated<boolean>;
  created_at: ColumnType<Date, Date, never>;
}

export interface WebhookEventTable {
  provider: string;
  event_id: string;
  kind: string;
  transaction_id: string;
  order_ref: string;
  occurred_at: ColumnType<Date, Date, Date>;
  received_at: ColumnType<Date, Date, Date>;
  outcome: 'applied' | 'stale' | 'rejected';
  from_status: string | null;
  to_status: string;
  payload: ColumnType<unknown, string, string>;
}

export interface SettlementTable {
  provider: string;
  transaction_id: string;
  order_ref: string;
  status: 'authorized' | 'submitted_for_settlement' | 'settling' | 'settled' | 'settlement_declined';
  processor_code: string | null;
  event_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The shopper's provider customer (POST /customer): one per customer token, the id ours. */
export interface CustomerTable {
  customer_token: string;
  provider: 'braintree';
  provider_customer_id: string;
  created_at: ColumnType<Date, Date, never>;
}

/** A capture given back because its order could not be fulfilled (one per captured transaction). */
export interface ReversalTable {
  provider: string;
  transaction_id: string;
  order_ref: string;
  kind: 'void' | 'refund';
  reference: string;
  amount: ColumnType<string | number, number, never>;
  reason: string;
  created_at: ColumnType<Date, Date, never>;
}

/**
 * A refund of part of a capture (issue 16.5), by our idempotency key: what was asked, and the
 * provider's answer (reference: its refund id; code and message: its refusal).
 */
export interface RefundTable {
  idempotency_key: string;
  provider: string;
  method: string;
  transaction_id: string;
  order_ref: string;
  amount: ColumnType<string | number, number, never>;
  currency: string;
  reason: string;
  state: 'pending' | 'refunded' | 'refused' | 'unknown';
  reference: string | null;
  code: 'REFUND_EXCEEDS_CAPTURE' | 'REFUND_NOT_SETTLED' | 'REFUND_REFUSED' | null;
  message: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface PaymentDatabase {
  charge: ChargeTable;
  reversal: ReversalTable;
  refund: RefundTable;
  customer: CustomerTable;
  instrument: InstrumentTable;
  webhook_event: WebhookEventTable;
  settlement: SettlementTable;
}

export type PaymentDb = Kysely<PaymentDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: paymentMigrations, migrate: migratePayment } = schemaMigrations(PAYMENT_SCHEMA, new URL('./migrations/', import.meta.url));

export const inPayment = (db: PaymentDb) => db.withSchema(PAYMENT_SCHEMA);
