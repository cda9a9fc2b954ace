/**
 * Serves the wallet service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   WALLET_SERVICE_TOKEN=… PORT=4107 node services/wallet/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { databaseSettings, environmentOrExit, openDatabase, serveOnLoopback, serviceSettings } from '@shop/platform';
import { createWalletApp } from './app.ts';
import { migrateWallet } from './db/database.ts';

const env = environmentOrExit();
const port = env.PORT ?? 4107;
const { serviceToken, basePath } = serviceSettings(env, 'wallet');
if (!serviceToken) {
  console.error('Set WALLET_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.');
  process.exit(1);
}

const database = await openDatabase(databaseSettings(env));
await migrateWallet(database.db);
const app = createWalletApp({ db: database.db, serviceToken, basePath });
const server = await serveOnLoopback(app.fetch, port);
console.log(`Wallet service on http://127.0.0.1:${server.port} (${database.dialect}); docs at /docs`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  await server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
