/** The vouchers schema as Kysely sees it (see migrations/). */
import type { ColumnType, Generated } from 'kysely';
import type { Currency } from '@shop/domain/money';
import type { StoredVoucherStatus, VoucherHistoryEvent } from '@shop/domain/voucher-status';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface VoucherTable {
  id: string;
  code: string;
  order_id: string;
  order_number: string;
  order_line_id: string;
  /** The holder: the signed-in buyer, or whoever claimed the gift; null for a guest's order. */
  customer_token: string | null;
  deal_id: number;
  deal_product_id: number;
  title: string;
  status: StoredVoucherStatus;
  recipient_name: string | null;
  /** The unit price, integer pence. */
  price: number;
  /** What was paid for this voucher: its share of the order's vouchers after the promo discount, integer pence (what a refund gives back). */
  paid: number;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  /** The contract day's instant: the refund window runs from it. */
  paid_at: Timestamp;
  expires_at: Timestamp | null;
  extended_months: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Its latest gift (gifts/), if any. */
  gift_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VoucherEventTable {
  id: Generated<string>;
  voucher_id: string;
  event: VoucherHistoryEvent;
  from_status: StoredVoucherStatus | null;
  to_status: StoredVoucherStatus;
  actor: 'shopper' | 'merchant' | 'system' | 'staff';
  /** Who, where known: a customer token's hash is never kept here, a merchant's id or a staff name is. */
  actor_ref: string | null;
  reason: string;
  at: Timestamp;
}

/** The payment of an order whose vouchers this service holds: what each part captured, and what has been refunded of it. */
export interface OrderPaymentTable {
  order_id: string;
  order_number: string;
  customer_token: string | null;
  currency: Currency;
  method: string;
  provider: string | null;
  transaction_id: string | null;
  cash_captured: number;
  wallet_captured: number;
  cash_refunded: Generated<number>;
  wallet_refunded: Generated<number>;
}

export interface RefundTable {
  id: string;
  voucher_id: string;
  order_id: string;
  customer_token: string;
  idempotency_key: string;
  request_hash: string;
  destination: 'original' | 'wallet';
  wallet_consent_at: Timestamp | null;
  cash_amount: number;
  wallet_amount: number;
  state: 'requested' | 'completed' | 'failed';
  provider_reference: string | null;
  failure: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a paid VVE add-on order added to each voucher (taken back if its payment fails at settlement). */
export interface VoucherExtensionTable {
  addon_order_id: string;
  voucher_id: string;
  months: number;
  expires_before: Timestamp;
  expires_after: Timestamp;
}

/** A return of posted goods (returns/): one per voucher; its progress is the voucher's status and events. */
export interface ReturnOrderTable {
  id: string;
  voucher_id: string;
  customer_token: string;
  reason: 'damaged' | 'not_as_described' | 'wrong_item' | 'changed_mind';
  note: string | null;
  merchant_name: string;
  return_address: string;
  return_postcode: string;
  carrier: string;
  tracking_number: string;
  refund_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A gift: the claim of one or more vouchers by one recipient (gifts/; only the claim token's hash is kept). */
export interface GiftTable {
  id: string;
  token_hash: string;
  source: 'order' | 'holder';
  order_id: string | null;
  giver_token: string | null;
  giver_name: string;
  recipient_name: string;
  recipient_email: string;
  message: string | null;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
  claimed_by: string | null;
  claimed_by_name: string | null;
  mail_subject: string | null;
  mail_text: string | null;
  mail_sent_at: Timestamp | null;
  mail_claimed_until: Timestamp | null;
  /** Issue 18 point 2: the London date ('YYYY-MM-DD') an order's dated e-gift email goes out; null: straight after payment. */
  send_on: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Goods posting (issue 17 point 5, posting/): the merchant marked this voucher's goods sent, once
 * per voucher (primary key). Payouts read it: goods "sent and not returned" are a sent row whose
 * voucher is not in a return or refunded status.
 */
export interface DispatchTable {
  voucher_id: string;
  /** The carrier's name as the merchant chose it: 'Royal Mail', 'DPD', 'Evri', 'Parcelforce' or 'Other'. */
  carrier: string;
  /** The carrier's tracking reference, 3–40 safe characters. */
  tracking_reference: string;
  sent_at: Timestamp;
  /** The business that sent it (its merchantRef, `business:<id>`). */
  sent_by: string;
  /** The merchant user who marked it sent (`user:<id>`). */
  actor_ref: string | null;
}

/** Where an order's goods are posted (posting/): copied from the order's delivery address by the checkout's paying transaction. */
/** Issue 18 point 2: an order line of posted gift cards (migrations/2026_12_31_1600_posted_gift_card.ts). */
export interface PostedLineTable {
  order_line_id: string;
  order_id: string;
}

export interface OrderDeliveryTable {
  order_id: string;
  name: string;
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
}
