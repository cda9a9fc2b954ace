/**
 * Serves the address service alone on 127.0.0.1:PORT (loopback only: reliability Z5), seeding the
 * address table first (idempotent).
 *   ADDRESS_SERVICE_TOKEN=… PORT=4108 node services/address/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { runStandalone } from '@shop/platform';
import { createAddressApp } from './app.ts';
import { migrateAddress } from './db/database.ts';
import { seedAddresses } from './store.ts';

let addresses = 0;
await runStandalone({
  name: 'address',
  defaultPort: 4108,
  migrate: async ({ db }) => {
    await migrateAddress(db);
    addresses = (await seedAddresses(db)).total;
  },
  createApp: ({ database, serviceToken, basePath }) => {
    const app = createAddressApp({ db: database.db, serviceToken, basePath });
    return { fetch: (request) => app.fetch(request), describe: `${addresses} addresses; docs at /docs` };
  },
});
