import type { Migration } from 'kysely/migration';
import * as createOrders from './2026_11_22_1700_create_orders.ts';
import * as paymentFailed from './2026_12_03_1000_payment_failed.ts';
import * as mailLease from './2026_12_04_1100_mail_lease.ts';
import * as voucherExtension from './2026_12_04_1200_voucher_extension.ts';
import * as attemptLimit from './2026_12_05_0900_attempt_limit.ts';
import * as breakdownValidity from './2026_12_05_0900_breakdown_validity.ts';
import * as expressOrder from './2026_12_06_0900_express_order.ts';

/** Every migration of the orders schema, by name (run in name order). */
export const checkoutMigrations: Record<string, Migration> = {
  '2026_11_22_1700_create_orders': { up: createOrders.up, down: createOrders.down },
  '2026_12_03_1000_payment_failed': { up: paymentFailed.up, down: paymentFailed.down },
  '2026_12_04_1100_mail_lease': { up: mailLease.up, down: mailLease.down },
  '2026_12_04_1200_voucher_extension': { up: voucherExtension.up, down: voucherExtension.down },
  '2026_12_05_0900_attempt_limit': { up: attemptLimit.up, down: attemptLimit.down },
  '2026_12_05_0900_breakdown_validity': { up: breakdownValidity.up, down: breakdownValidity.down },
  '2026_12_06_0900_express_order': { up: expressOrder.up, down: expressOrder.down },
};
