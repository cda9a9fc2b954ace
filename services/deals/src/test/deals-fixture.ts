/**
 * A fresh, migrated and seeded deals database plus the app, for HTTP tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createDealsApp } from '../app.ts';
import { migrateDeals, type DealsDb } from '../db/database.ts';
import { seedDeals } from '../seed/seed.ts';

export const TEST_TOKEN = 'test-service-token';
/** Fixed clock: seeded closing dates are relative to it. */
export const TEST_NOW = new Date('2026-11-22T12:00:00.000Z');

export interface LoggedLine {
  message: string;
  fields: Record<string, unknown>;
}

export interface DealsFixture {
  database: Database;
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
  const get = (path: string) => Promise.resolve(app.request(path, { headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN } }));
  return {
    database,
    app,
    logged,
    get,
    async json(path: string) {
      const res = await get(path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
  };
}

/**
 * A describe block's fixture: opened before its tests (handed to `use` with its database handle),
 * closed after them.
 */
export function withDealsFixture(open: OpenTestDatabase, deals: number, use: (f: DealsFixture, db: DealsDb) => void): void {
  let f: DealsFixture | undefined;
  beforeAll(async () => {
    f = await dealsFixture(open, deals);
    use(f, f.database.db as DealsDb);
  });
  afterAll(async () => {
    await f?.database.close();
  });
}
