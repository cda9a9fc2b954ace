import type { Migration } from 'kysely/migration';
import * as createOrders from './2026_11_22_1700_create_orders.ts';

/** Every migration of the orders schema, by name (run in name order). */
export const checkoutMigrations: Record<string, Migration> = {
  '2026_11_22_1700_create_orders': { up: createOrders.up, down: createOrders.down },
};
