import type { Migration } from 'kysely/migration';
import * as createLedger from './2026_11_24_1000_create_ledger.ts';
import * as reversal from './2026_11_25_1000_reversal.ts';

/** Every migration of the wallet schema, by name (run in name order). */
export const walletMigrations: Record<string, Migration> = {
  '2026_11_24_1000_create_ledger': { up: createLedger.up, down: createLedger.down },
  '2026_11_25_1000_reversal': { up: reversal.up, down: reversal.down },
};
