import type { Migration } from 'kysely/migration';
import * as createSearch from './2026_11_23_0900_create_search.ts';
import * as dealMatch from './2026_11_23_1000_deal_match.ts';
import * as termLookups from './2026_11_23_1100_term_lookups.ts';

/** Every migration of the search schema, by name (run in name order). */
export const searchMigrations: Record<string, Migration> = {
  '2026_11_23_0900_create_search': { up: createSearch.up, down: createSearch.down },
  '2026_11_23_1000_deal_match': { up: dealMatch.up, down: dealMatch.down },
  '2026_11_23_1100_term_lookups': { up: termLookups.up, down: termLookups.down },
};
