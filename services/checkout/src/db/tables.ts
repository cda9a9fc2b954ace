/** The orders schema as Kysely sees it (see migrations/2026_11_22_1700_create_orders.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus } from '@shop/domain/buying';
import type { Currency } from '@shop/domain/money';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface OrdersTable {
  id: string;
  order_number: string;
  kind: 'order' | 'addon';
  parent_order_id: string | null;
  status: OrderStatus;
  basket_token: string;
  customer_key: string;
  customer_token: string | null;
  email: string;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  subtotal: number;
  postage: number;
  promo_discount: number;
  vip: number;
  total_amount: number;
  cash_amount: number;
  wallet_used: number;
  payment_method: string;
  provider: string | null;
  card_type: string | null;
  transaction_id: string | null;
  save_instrument: Generated<boolean>;
  saved_instrument_id: string | null;
  promo_code: string | null;
  delivery_address: Json | null;
  cap_day: string;
  access_token_hash: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  /** The price breakdown as placed (domain PriceBreakdown); null for add-on orders and older orders. */
  breakdown: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface OrderLineTable {
  id: Generated<string>;
  order_id: string;
  line_no: number;
  deal_id: number;
  deal_product_id: number;
  title: string;
  quantity: number;
  unit_price: number;
  postage: number;
  line_total: number;
  addon_type: string | null;
  gift: boolean;
  gifting_type: string;
  gift_recipient: Json | null;
  pay_deposit: boolean;
  /** The deal's voucher validity as sold (null: add-on lines, older orders). */
  validity_months: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderEventTable {
  id: Generated<string>;
  order_id: string;
  type: string;
  from_status: string | null;
  to_status: string | null;
  data: Json;
  at: Timestamp;
}

/** Issue 18 point 5: the refund of a VIP membership cancelled within 14 days (migrations/2026_12_10_1500_vip_refund.ts). */
export interface VipRefundTable {
  order_id: string;
  customer_token: string;
  amount: number;
  card_amount: number;
  wallet_amount: number;
  state: 'requested' | 'completed' | 'failed';
  provider_reference: string | null;
  failure: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentTable {
  id: Generated<string>;
  order_id: string;
  provider: string;
  method: string;
  amount: number;
  currency: string;
  status: 'captured' | 'settlement_declined';
  transaction_id: string;
  card_type: string | null;
  instrument_id: string | null;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  scope: string;
  operation: string;
  idem_key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  order_id: string | null;
  access_token: string | null;
  response_status: number | null;
  response_body: string | null;
  claimed_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface CheckoutOptionsTable {
  basket_token: string;
  promo_code: string | null;
  wallet: boolean;
  vip_checked: boolean;
  hold_expires_at: Timestamp | null;
  hold_signature: string | null;
  updated_at: Timestamp;
}

export interface PromoCodeTable {
  code: string;
  description: string;
  percent_off: number | null;
  amount_off: number | null;
  starts_at: Timestamp | null;
  expires_at: Timestamp | null;
  single_use: boolean;
  subcategory_id: number | null;
  eligibility: 'all' | 'vip' | 'new_customer';
}

export interface PromoRedemptionTable {
  code: string;
  customer_key: string;
  order_id: string | null;
  created_at: Timestamp;
}

export interface GiftingConfigTable {
  kind: 'gift_wrap' | 'ndd-gpk' | 'std-gpk';
  deal_id: number;
  product_id: number;
  title: string;
  price: number;
}

export interface ExpressBuyTokenTable {
  token_hash: string;
  email: string;
  deal_id: number;
  product_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The basket its order pays for, bound on the first order attempt. */
  basket_token: string | null;
}


export interface MailOutboxTable {
  id: Generated<string>;
  order_id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Empty for the order's own mail; the normalised address of an e-gift recipient (one message each). */
  recipient_key: Generated<string>;
  /** A sender's claim: until then no other sender takes the message (deliverOrderMail). */
  claimed_until: Timestamp | null;
  attempts: Generated<number>;
  /** Issue 18 point 2: a dated e-gift is not sent before this (the start of its London send date); null: at once. */
  send_after: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
