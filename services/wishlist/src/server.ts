/**
 * Serves the wishlist service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   WISHLIST_SERVICE_TOKEN=… PORT=4118 node services/wishlist/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { runStandalone } from '@shop/platform';
import { createWishlistApp } from './app.ts';
import { migrateWishlist } from './db/database.ts';

await runStandalone({
  name: 'wishlist',
  defaultPort: 4118,
  migrate: ({ db }) => migrateWishlist(db),
  createApp: ({ database, serviceToken, basePath }) => createWishlistApp({ db: database.db, serviceToken, basePath }),
});
