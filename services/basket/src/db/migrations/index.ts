import type { Migration } from 'kysely/migration';
import * as createBasket from './2026_11_25_0900_create_basket.ts';

/** Every migration of the basket schema, by name (run in name order). */
export const basketMigrations: Record<string, Migration> = {
  '2026_11_25_0900_create_basket': { up: createBasket.up, down: createBasket.down },
};
