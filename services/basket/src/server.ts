/**
 * Serves the basket service alone on 127.0.0.1:PORT (loopback only: reliability Z5), without a
 * catalogue check (the shop process wires productCheck to the deals service's stockView).
 *   BASKET_SERVICE_TOKEN=… PORT=4107 node services/basket/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { runStandalone } from '@shop/platform';
import { createBasketApp } from './app.ts';
import { migrateBasket } from './db/database.ts';

await runStandalone({
  name: 'basket',
  defaultPort: 4107,
  migrate: ({ db }) => migrateBasket(db),
  createApp: ({ database, serviceToken, basePath }) => createBasketApp({ db: database.db, serviceToken, basePath }),
});
