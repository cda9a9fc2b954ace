import type { Migration } from 'kysely/migration';
import * as createPayment from './2026_12_01_1000_create_payment.ts';
import * as webhooks from './2026_12_02_1000_webhooks.ts';
import * as chargeReview from './2026_12_02_1100_charge_review.ts';
import * as chargeSaveInstrument from './2026_12_02_1200_charge_save_instrument.ts';
import * as customerAddon from './2026_12_03_1000_customer_addon.ts';
import * as reversal from './2026_12_05_1000_reversal.ts';

/** Every migration of the payment schema, by name (run in name order). */
export const paymentMigrations: Record<string, Migration> = {
  '2026_12_01_1000_create_payment': { up: createPayment.up, down: createPayment.down },
  '2026_12_02_1000_webhooks': { up: webhooks.up, down: webhooks.down },
  '2026_12_02_1100_charge_review': { up: chargeReview.up, down: chargeReview.down },
  '2026_12_02_1200_charge_save_instrument': { up: chargeSaveInstrument.up, down: chargeSaveInstrument.down },
  '2026_12_03_1000_customer_addon': { up: customerAddon.up, down: customerAddon.down },
  '2026_12_05_1000_reversal': { up: reversal.up, down: reversal.down },
};
