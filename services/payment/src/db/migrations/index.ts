import type { Migration } from 'kysely/migration';
import * as createPayment from './2026_12_01_1000_create_payment.ts';
import * as webhooks from './2026_12_02_1000_webhooks.ts';

/** Every migration of the payment schema, by name (run in name order). */
export const paymentMigrations: Record<string, Migration> = {
  '2026_12_01_1000_create_payment': { up: createPayment.up, down: createPayment.down },
  '2026_12_02_1000_webhooks': { up: webhooks.up, down: webhooks.down },
};
