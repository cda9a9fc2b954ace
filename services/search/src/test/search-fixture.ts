/**
 * A fresh database with the deals catalogue (migrated and seeded, a few hundred deals), the deals
 * app in process, the search schema migrated and synced from the deals app's REST feed, and the
 * search app, for HTTP tests.
 */
import { createDealsApp, migrateDeals, seedDeals } from '@shop/deals';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { serviceGets, TEST_TOKEN, type LoggedLine } from '@shop/platform/test-app';
import { createSearchApp } from '../app.ts';
import { migrateSearch } from '../db/database.ts';
import { IndexDealsResponseSchema, type IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import { syncSearchIndex, type SyncReport } from '../indexer/sync.ts';

export { TEST_TOKEN };
/** Fixed clock: seeded closing dates are relative to it. */
export const TEST_NOW = new Date('2026-11-22T12:00:00.000Z');

export interface SearchFixture {
  database: Database;
  dealsApp: ReturnType<typeof createDealsApp>;
  app: ReturnType<typeof createSearchApp>;
  sync: SyncReport;
  /** Errors the search service logged: tests assert it stays empty. */
  logged: LoggedLine[];
  get(path: string): Promise<Response>;
  json<T = unknown>(path: string): Promise<T>;
  post(path: string, body: unknown): Promise<Response>;
  resync(): Promise<SyncReport>;
  /** Every deal as the deals service's index feed has it (ground truth for assertions). */
  feed(): Promise<Map<number, IndexDeal>>;
}

export async function searchFixture(open: OpenTestDatabase, deals = 300): Promise<SearchFixture> {
  const database = await open();
  await migrateDeals(database.db);
  await seedDeals(database.db, { deals, seed: 7, now: TEST_NOW });
  await migrateSearch(database.db);
  const dealsApp = createDealsApp({ db: database.db, serviceToken: TEST_TOKEN, now: () => TEST_NOW });
  const resync = () => syncSearchIndex({ db: database.db, deals: { app: dealsApp }, serviceToken: TEST_TOKEN, now: () => TEST_NOW, pageSize: 100 });
  const sync = await resync();
  const logged: LoggedLine[] = [];
  // versionCheckMs 0: a test that re-syncs sees the new index at once (cached results dropped).
  const app = createSearchApp({ db: database.db, serviceToken: TEST_TOKEN, now: () => TEST_NOW, versionCheckMs: 0, log: (message, fields) => void logged.push({ message, fields }) });
  const headers = { [SERVICE_TOKEN_HEADER]: TEST_TOKEN };
  return {
    database,
    dealsApp,
    app,
    sync,
    logged,
    ...serviceGets(app),
    post: (path: string, body: unknown) =>
      Promise.resolve(app.request(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })),
    resync,
    async feed() {
      const res = await dealsApp.request('/index/deals?limit=1000', { headers });
      return new Map(IndexDealsResponseSchema.parse(await res.json()).deals.map((d) => [d.id, d]));
    },
  };
}
