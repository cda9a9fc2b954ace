/**
 * The vouchers schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `inVouchers(db)` (`db.withSchema('vouchers')`), so the module
 * functions work on the caller's transaction of the shop's one handle.
 *
 * Run after the checkout's migrations (the first one moves the checkout's old voucher tables here).
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';
import type { ExtensionTargetTable, ReminderTable } from '../reminders/reminders.tables.ts';
import type { RedemptionAttemptTable } from '../redemption/redemption.tables.ts';
import type { DispatchTable, GiftTable, OrderDeliveryTable, OrderPaymentTable, PostedLineTable, RefundTable, ReturnOrderTable, VoucherEventTable, VoucherExtensionTable, VoucherTable } from './tables.ts';

export const VOUCHERS_SCHEMA = 'vouchers';

export interface VouchersDatabase {
  voucher: VoucherTable;
  voucher_event: VoucherEventTable;
  voucher_extension: VoucherExtensionTable;
  extension_target: ExtensionTargetTable;
  reminder: ReminderTable;
  order_payment: OrderPaymentTable;
  refund: RefundTable;
  gift: GiftTable;
  return_order: ReturnOrderTable;
  redemption_attempt: RedemptionAttemptTable;
  dispatch: DispatchTable;
  order_delivery: OrderDeliveryTable;
  posted_line: PostedLineTable;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle, and transactions of it
export type AnyDb = Kysely<any>;
export type VouchersDb = Kysely<VouchersDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: vouchersMigrations, migrate: migrateVouchers } = schemaMigrations(VOUCHERS_SCHEMA, new URL('./migrations/', import.meta.url));

/** The handle every query of this service starts from: unqualified table names mean vouchers.*. Works on a transaction too. */
export const inVouchers = (db: AnyDb | VouchersDb) => (db as VouchersDb).withSchema(VOUCHERS_SCHEMA);
