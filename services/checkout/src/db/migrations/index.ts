import type { Migration } from 'kysely/migration';
import * as createOrders from './2026_11_22_1700_create_orders.ts';
import * as paymentFailed from './2026_12_03_1000_payment_failed.ts';

/** Every migration of the orders schema, by name (run in name order). */
export const checkoutMigrations: Record<string, Migration> = {
  '2026_11_22_1700_create_orders': { up: createOrders.up, down: createOrders.down },
  '2026_12_03_1000_payment_failed': { up: paymentFailed.up, down: paymentFailed.down },
};
