/**
 * Serves the wallet service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   WALLET_SERVICE_TOKEN=… PORT=4107 node services/wallet/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { runStandalone } from '@shop/platform';
import { createWalletApp } from './app.ts';
import { migrateWallet } from './db/database.ts';

await runStandalone({
  name: 'wallet',
  defaultPort: 4107,
  migrate: ({ db }) => migrateWallet(db),
  createApp: ({ database, serviceToken, basePath }) => createWalletApp({ db: database.db, serviceToken, basePath }),
});
