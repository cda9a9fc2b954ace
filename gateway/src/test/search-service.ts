/**
 * The real deals and search services for gateway tests: one fresh database (PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set) with the deals catalogue migrated and seeded, the
 * search schema migrated and synced from the deals app's REST feed, and both apps in process.
 */
import { createSearchApp, migrateSearch, syncSearchIndex } from '@shop/search';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { openSeededDeals, TEST_DEALS } from './deals-service.ts';
import { createGateway, type GatewayOptions } from '../yoga.ts';
import { TEST_TOKEN } from './helpers.ts';

export async function openSeededShopServices(open: OpenTestDatabase, deals = TEST_DEALS) {
  const seeded = await openSeededDeals(open, deals);
  const { database } = seeded;
  try {
    await migrateSearch(database.db);
    await syncSearchIndex({ db: database.db, deals: { app: seeded.app }, serviceToken: TEST_TOKEN });
  } catch (error) {
    await database.close();
    throw error;
  }
  const searchApp = createSearchApp({ db: database.db, serviceToken: TEST_TOKEN });
  return { database, dealsApp: seeded.app, searchApp, close: () => database.close() };
}

/** A gateway over those two apps in process (the browse, list and search tests'). */
export function shopGateway(services: { dealsApp: DealsApp; searchApp: ReturnType<typeof createSearchApp> }, options: Omit<GatewayOptions, 'services' | 'serviceToken'>) {
  return createGateway({ services: { deals: { app: services.dealsApp }, search: { app: services.searchApp } }, serviceToken: TEST_TOKEN, ...options });
}

type DealsApp = Awaited<ReturnType<typeof openSeededDeals>>['app'];
