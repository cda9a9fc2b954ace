/**
 * Serves the address service alone on 127.0.0.1:PORT (loopback only: reliability Z5), seeding the
 * address table first (idempotent).
 *   ADDRESS_SERVICE_TOKEN=… PORT=4108 node services/address/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { databaseSettings, environmentOrExit, openDatabase, serveOnLoopback, serviceSettings } from '@shop/platform';
import { createAddressApp } from './app.ts';
import { migrateAddress } from './db/database.ts';
import { seedAddresses } from './store.ts';

const env = environmentOrExit();
const port = env.PORT ?? 4108;
const { serviceToken, basePath } = serviceSettings(env, 'address');
if (!serviceToken) {
  console.error('Set ADDRESS_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.');
  process.exit(1);
}
const database = await openDatabase(databaseSettings(env));
await migrateAddress(database.db);
const seeded = await seedAddresses(database.db);
const app = createAddressApp({ db: database.db, serviceToken, basePath });
const server = await serveOnLoopback(app.fetch, port);
console.log(`Address service on http://127.0.0.1:${server.port} (${database.dialect}, ${seeded.total} addresses); docs at /docs`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  await server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
