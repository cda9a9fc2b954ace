/**
 * Serves the deals service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   DEALS_SERVICE_TOKEN=… PORT=4101 node services/deals/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { databaseSettings, environmentOrExit, openDatabase, serveOnLoopback, serviceSettings } from '@shop/platform';
import { createDealsApp } from './app.ts';
import { migrateDeals } from './db/database.ts';
import { seedIfEmpty } from './seed/seed.ts';

const env = environmentOrExit();
const port = env.PORT ?? 4101;
const { serviceToken, basePath } = serviceSettings(env, 'deals');
if (!serviceToken) {
  console.error('Set DEALS_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.');
  process.exit(1);
}

const database = await openDatabase(databaseSettings(env));
await migrateDeals(database.db);
if (await seedIfEmpty(database.db)) console.log('Seeded the default catalogue.');

const app = createDealsApp({ db: database.db, serviceToken, basePath });
const server = await serveOnLoopback(app.fetch, port);
console.log(`Deals service on http://127.0.0.1:${server.port} (${database.dialect}); docs at /docs`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  await server.close();
  await database.close(); // checkpoints PGlite and releases its lock
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
