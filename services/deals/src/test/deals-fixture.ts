/**
 * A fresh, migrated and seeded deals database plus the app, for HTTP tests.
 */
import type { Database } from '@shop/platform';
import { serviceGets, TEST_TOKEN, type LoggedLine } from '@shop/platform/test-app';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createDealsApp } from '../app.ts';
import { migrateDeals, type DealsDb } from '../db/database.ts';
import { seedDeals } from '../seed/seed.ts';

export { TEST_TOKEN };
/** Fixed clock: seeded closing dates are relative to it. */
export const TEST_NOW = new Date('2026-11-22T12:00:00.000Z');

export interface DealsFixture {
  database: Database;
  /** database.db, typed as the deals schema's handle. */
  db: DealsDb;
  app: ReturnType<typeof createDealsApp>;
  /** What the service logged (unhandled errors): tests assert it stays empty. */
  logged: LoggedLine[];
  get(path: string): Promise<Response>;
  json<T = unknown>(path: string): Promise<T>;
}

export async function dealsFixture(open: OpenTestDatabase, deals = 300): Promise<DealsFixture> {
  const database = await open();
  await migrateDeals(database.db);
  await seedDeals(database.db, { deals, seed: 7, now: TEST_NOW });
  const logged: LoggedLine[] = [];
  const app = createDealsApp({ db: database.db, serviceToken: TEST_TOKEN, now: () => TEST_NOW, log: (message, fields) => void logged.push({ message, fields }) });
  return { database, db: database.db as DealsDb, app, logged, ...serviceGets(app) };
}
