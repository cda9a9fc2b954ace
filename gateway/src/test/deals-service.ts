/**
 * The real deals service for gateway tests: a fresh database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set) migrated and seeded with a small deterministic catalogue.
 */
import { createDealsApp, migrateDeals, seedDeals } from '@shop/deals';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { TEST_TOKEN } from './helpers.ts';

export const TEST_DEALS = 300;
export const TEST_SEED = 4242;

export async function openSeededDeals(open: OpenTestDatabase, deals = TEST_DEALS, options: { log?: (message: string, fields: Record<string, unknown>) => void } = {}) {
  const database = await open();
  try {
    await migrateDeals(database.db);
    await seedDeals(database.db, { deals, seed: TEST_SEED });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = createDealsApp({ db: database.db, serviceToken: TEST_TOKEN, ...(options.log ? { log: options.log } : {}) });
  return { database, app, close: () => database.close() };
}
