/**
 * Serves the payment service alone on 127.0.0.1:PORT (loopback only: reliability Z5), with the
 * three sandboxes mounted on the same server at /sandbox/<provider> and the adapters calling them
 * over HTTP on that port.
 *   PAYMENT_SERVICE_TOKEN=… PORT=4106 node services/payment/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR. PAYMENT_SANDBOX_FAULTS=1 turns on the
 * sandboxes' fault controls (tests, e2e only). SANDBOX_ALLOWED_ORIGINS (comma-separated) are the
 * origins the hosted pages may post to besides their own. PAYMENT_WEBHOOK_SECRET is the Braintree
 * webhook secret (default: a random one, shared with the sandbox mounted here).
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { migrateInOrder, runStandalone } from '@shop/platform';
import { createPaymentApp } from './app.ts';
import { migratePayment } from './db/database.ts';
import { migrateSandboxes } from './sandbox/store.ts';
import { createSandboxes, sandboxProviders, SANDBOX_PATHS } from './sandbox/index.ts';

await runStandalone({
  name: 'payment',
  defaultPort: 4106,
  migrate: ({ db }) => migrateInOrder(db, [migratePayment, migrateSandboxes]),
  createApp: ({ env, database, serviceToken, basePath, origin }) => {
    const merchantKey = randomBytes(24).toString('base64url');
    const sandboxes = createSandboxes({ db: database.db, faults: env.PAYMENT_SANDBOX_FAULTS, merchantKey, allowedOrigins: env.SANDBOX_ALLOWED_ORIGINS ?? [] });
    // P6: the Braintree sandbox settles sales and posts signed notifications to this server's webhook
    // (the checkout's job reads the declined ones from the shared database: declinedSettlements).
    const webhookSecret = env.PAYMENT_WEBHOOK_SECRET || randomBytes(24).toString('base64url');
    const app = createPaymentApp({
      db: database.db,
      serviceToken,
      basePath,
      providers: sandboxProviders(origin, { merchantKey }),
      webhooks: { braintree: { secret: webhookSecret } },
    });
    sandboxes.braintree.webhooks.configure({ url: `${origin}/webhooks/braintree`, secret: webhookSecret });
    const root = new Hono();
    root.route(SANDBOX_PATHS.braintree, sandboxes.braintree.app);
    root.route(SANDBOX_PATHS.klarna, sandboxes.klarna.app);
    root.route(SANDBOX_PATHS.clearpay, sandboxes.clearpay.app);
    root.all('*', (c) => app.fetch(c.req.raw));
    return { fetch: root.fetch, describe: 'sandboxes at /sandbox/braintree, /sandbox/klarna, /sandbox/clearpay' };
  },
});
