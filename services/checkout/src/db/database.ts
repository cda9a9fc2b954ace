/**
 * The orders schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `inOrders(db)` (`db.withSchema('orders')`).
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';
import type {
  CheckoutOptionsTable,
  ExpressBuyTokenTable,
  GiftingConfigTable,
  IdempotencyKeyTable,
  MailOutboxTable,
  OrderEventTable,
  OrderLineTable,
  OrdersTable,
  PaymentTable,
  PromoCodeTable,
  PromoRedemptionTable,
  VipRefundTable,
} from './tables.ts';

export const ORDERS_SCHEMA = 'orders';

export interface OrdersDatabase {
  orders: OrdersTable;
  order_line: OrderLineTable;
  order_event: OrderEventTable;
  payment: PaymentTable;
  idempotency_key: IdempotencyKeyTable;
  checkout_options: CheckoutOptionsTable;
  promo_code: PromoCodeTable;
  promo_redemption: PromoRedemptionTable;
  gifting_config: GiftingConfigTable;
  express_buy_token: ExpressBuyTokenTable;
  mail_outbox: MailOutboxTable;
  vip_refund: VipRefundTable;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle, and transactions of it
export type AnyDb = Kysely<any>;
export type OrdersDb = Kysely<OrdersDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: checkoutMigrations, migrate: migrateCheckout } = schemaMigrations(ORDERS_SCHEMA, new URL('./migrations/', import.meta.url));

/** The handle every query of this service starts from: unqualified table names mean orders.*. Works on a transaction too. */
export const inOrders = (db: AnyDb | OrdersDb) => (db as OrdersDb).withSchema(ORDERS_SCHEMA);
