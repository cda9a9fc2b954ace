/**
 * Serves the users service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   USERS_SERVICE_TOKEN=… PUBLIC_BASE_URL=https://shop.example PORT=4103 node services/users/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 * SMTP_URL sends mail by SMTP; otherwise it goes to the mail.outbox table. DB_POOL_SIZE sizes the
 * PostgreSQL pool.
 */
import { createMailer, migrateInOrder, migrateMail, runStandalone } from '@shop/platform';
import { createUsersApp } from './app.ts';
import { migrateUsers } from './db/database.ts';

await runStandalone({
  name: 'users',
  defaultPort: 4103,
  migrate: ({ db }) => migrateInOrder(db, [migrateMail, migrateUsers]),
  createApp: ({ env, database, serviceToken, basePath }) => {
    const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.SHOP_PORT ?? 4000}`;
    const mailer = createMailer({ db: database.db, ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) });
    const app = createUsersApp({ db: database.db, serviceToken, basePath, mailer, publicBaseUrl });
    return { fetch: app.fetch, close: () => app.settled(), describe: `docs at /docs; links to ${publicBaseUrl}` };
  },
});
