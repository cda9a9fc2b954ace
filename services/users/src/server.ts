/**
 * Serves the users service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   USERS_SERVICE_TOKEN=… PUBLIC_BASE_URL=https://shop.example PORT=4103 node services/users/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 * SMTP_URL sends mail by SMTP; otherwise it goes to the mail.outbox table. DB_POOL_SIZE sizes the
 * PostgreSQL pool.
 */
import { createMailer, migrateMail, databaseSettings, environmentOrExit, openDatabase, serveOnLoopback, serviceSettings } from '@shop/platform';
import { createUsersApp } from './app.ts';
import { migrateUsers } from './db/database.ts';

const env = environmentOrExit();
const port = env.PORT ?? 4103;
const { serviceToken, basePath } = serviceSettings(env, 'users');
if (!serviceToken) {
  console.error('Set USERS_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.');
  process.exit(1);
}
const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.SHOP_PORT ?? 4000}`;

const database = await openDatabase(databaseSettings(env));
await migrateMail(database.db);
await migrateUsers(database.db);
const mailer = createMailer({ db: database.db, ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) });
const app = createUsersApp({ db: database.db, serviceToken, basePath, mailer, publicBaseUrl });
const server = await serveOnLoopback(app.fetch, port);
console.log(`Users service on http://127.0.0.1:${server.port} (${database.dialect}); docs at /docs; links to ${publicBaseUrl}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  await server.close();
  await app.settled();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
