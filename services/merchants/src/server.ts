/**
 * Serves the merchants service alone on 127.0.0.1:PORT (loopback only: reliability Z5), after the
 * deals and users schemas it reads (their own services migrate and seed them).
 *   MERCHANTS_SERVICE_TOKEN=… PORT=4110 node services/merchants/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { createMailer, migrateMail, runStandalone } from '@shop/platform';
import { createMerchantsApp } from './app.ts';
import { migrateMerchants } from './db/database.ts';
import { deliverMerchantMail } from './mail/mail.ts';
import { seedMerchants } from './seed/seed.ts';

await runStandalone({
  name: 'merchants',
  defaultPort: 4110,
  migrate: async ({ db }, env) => {
    await migrateMail(db);
    await migrateMerchants(db);
    // Demo accounts only outside production.
    await seedMerchants(db, { demoMerchants: env.NODE_ENV !== 'production' });
  },
  createApp: ({ env, database, serviceToken, basePath }) => {
    const mailer = createMailer({ db: database.db, ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) });
    const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.SHOP_PORT ?? 4000}`;
    const app = createMerchantsApp({ db: database.db, serviceToken, basePath, mailer, publicBaseUrl });
    // Mail a request could not hand over (the relay down) goes on the next minute.
    const timer = setInterval(() => void deliverMerchantMail({ db: database.db, mailer, now: () => new Date(), log: console.error }).catch(() => undefined), 60_000);
    return { fetch: (request) => app.fetch(request), close: async () => clearInterval(timer) };
  },
});
