import type { Migration } from 'kysely/migration';
import * as createAddress from './2026_11_25_1000_create_address.ts';

/** Every migration of the address schema, by name (run in name order). */
export const addressMigrations: Record<string, Migration> = {
  '2026_11_25_1000_create_address': { up: createAddress.up, down: createAddress.down },
};
