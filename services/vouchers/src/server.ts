/**
 * Serves the vouchers service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   VOUCHERS_SERVICE_TOKEN=… PORT=4109 node services/vouchers/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 * Migrate the checkout first on a shared database (its old voucher tables move here).
 */
import { runStandalone } from '@shop/platform';
import { createVouchersApp } from './app.ts';
import { migrateVouchers } from './db/database.ts';

await runStandalone({
  name: 'vouchers',
  defaultPort: 4109,
  migrate: ({ db }) => migrateVouchers(db),
  createApp: ({ env, database, serviceToken, basePath }) =>
    createVouchersApp({ db: database.db, serviceToken, basePath, publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://localhost:${env.SHOP_PORT ?? 4000}` }),
});
