/**
 * Serves the rewards service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   REWARDS_SERVICE_TOKEN=… PORT=4117 node services/rewards/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 * Exchanges credit the wallet in the same transaction, so the wallet schema must be in the same
 * database: it is migrated here too.
 */
import { runStandalone } from '@shop/platform';
import { migrateWallet } from '@shop/wallet';
import { createRewardsApp } from './app.ts';
import { migrateRewards } from './db/database.ts';

await runStandalone({
  name: 'rewards',
  defaultPort: 4117,
  migrate: async ({ db }) => {
    await migrateWallet(db);
    await migrateRewards(db);
  },
  createApp: ({ database, serviceToken, basePath }) => createRewardsApp({ db: database.db, serviceToken, basePath }),
});
