/**
 * Serves the search service alone on 127.0.0.1:PORT (loopback only: reliability Z5), after
 * syncing its index from the deals service.
 *   SEARCH_SERVICE_TOKEN=… DEALS_SERVICE_URL=http://127.0.0.1:4101 PORT=4102 node services/search/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 * Without DEALS_SERVICE_URL the deals app runs in this process on the same database.
 * SEARCH_SYNC=0 skips the sync at start; SEARCH_SYNC_EVERY_S re-syncs periodically; SEARCH_CACHE=0
 * turns the summary cache off; DB_POOL_SIZE sizes the PostgreSQL pool.
 */
import { createDealsApp } from '@shop/deals';
import { defaultLogger, describeError, logFunction, runStandalone } from '@shop/platform';
import { createSearchApp } from './app.ts';
import { migrateSearch } from './db/database.ts';
import { syncSearchIndex, type DealsSource } from './indexer/sync.ts';

await runStandalone({
  name: 'search',
  defaultPort: 4102,
  migrate: ({ db }) => migrateSearch(db),
  createApp: async ({ env, database, serviceToken, basePath }) => {
    const deals: DealsSource = env.DEALS_SERVICE_URL
      ? { baseUrl: env.DEALS_SERVICE_URL }
      : { app: createDealsApp({ db: database.db, serviceToken, basePath: '/api/deals' }) };
    const sync = () => syncSearchIndex({ db: database.db, deals, serviceToken, log: logFunction(defaultLogger(), 'info') });
    if (env.SEARCH_SYNC) await sync();
    const every = env.SEARCH_SYNC_EVERY_S ?? 0;
    const timer = every > 0 ? setInterval(() => void sync().catch((err) => defaultLogger().error('Search index sync failed', { error: describeError(err) })), every * 1000) : null;
    const app = createSearchApp({ db: database.db, serviceToken, basePath, ...(env.SEARCH_CACHE ? {} : { cache: false as const }) });
    return { fetch: app.fetch, close: async () => void (timer && clearInterval(timer)) };
  },
});
