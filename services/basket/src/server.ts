/**
 * Serves the basket service alone on 127.0.0.1:PORT (loopback only: reliability Z5), without a
 * catalogue check (the shop process wires productCheck to the deals service's stockView).
 *   BASKET_SERVICE_TOKEN=… PORT=4107 node services/basket/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { databaseSettings, environmentOrExit, openDatabase, serveOnLoopback, serviceSettings } from '@shop/platform';
import { createBasketApp } from './app.ts';
import { migrateBasket } from './db/database.ts';

const env = environmentOrExit();
const port = env.PORT ?? 4107;
const { serviceToken, basePath } = serviceSettings(env, 'basket');
if (!serviceToken) {
  console.error('Set BASKET_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.');
  process.exit(1);
}
const database = await openDatabase(databaseSettings(env));
await migrateBasket(database.db);
const app = createBasketApp({ db: database.db, serviceToken, basePath });
const server = await serveOnLoopback(app.fetch, port);
console.log(`Basket service on http://127.0.0.1:${server.port} (${database.dialect}); docs at /docs`);

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
