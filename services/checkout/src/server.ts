/**
 * Serves the checkout service alone on 127.0.0.1:PORT (loopback only: reliability Z5), with what
 * it needs in the same process: the deals catalogue (seeded when empty), the basket, wallet,
 * payment and mail schemas, the payment sandboxes mounted at /sandbox/<provider> and reached over
 * HTTP, and the jobs the shop runs (reconciliation every 30 s, expired holds every 15 s, expired
 * express-buy tokens and attempt windows every 10 min).
 *   CHECKOUT_SERVICE_TOKEN=… PUBLIC_BASE_URL=https://shop.example PORT=4107 node services/checkout/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR. SMTP_URL sends mail by SMTP.
 * Test builds: FAULT_POINT=<name> throws at that point (README "Fault points"); with FAULT_KILL=1
 * the process kills itself there instead (SIGKILL, for the kill -9 harness of reliability C1).
 * PAYMENT_SANDBOX_ORIGIN and PAYMENT_MERCHANT_KEY point the adapters at sandboxes served by another
 * process (which outlive this one when it is killed); CLAIM_LEASE_MS shortens the idempotency lease,
 * MAIL_LEASE_MS an order-mail sender's claim (default 5 min), RECONCILE_ABANDON_AFTER_MS how long
 * reconciliation waits before failing an order the provider never saw (default 10 min).
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { migrateBasket } from '@shop/basket';
import { migrateDeals, seedIfEmpty } from '@shop/deals';
import { releaseExpiredHolds } from '@shop/deals/stock/index';
import { createPayments, createSandboxes, migratePayment, migrateSandboxes, sandboxProviders, SANDBOX_PATHS } from '@shop/payment';
import { createMailer, defaultLogger, everyLeased, logFunction, migrateInOrder, migrateJobs, migrateMail, runStandalone } from '@shop/platform';
import { migrateWallet } from '@shop/wallet';
import { migrateRewards } from '@shop/rewards';
import type { FaultPoint } from './lib/deps.ts';
import { createCheckoutApp } from './app.ts';
import { migrateCheckout } from './db/database.ts';
import { migrateVouchers } from '@shop/vouchers';
import { reconcilePendingOrders } from './reconcile/reconcile.ts';
import { processDeclinedSettlements } from './reconcile/settlement.ts';
import { pruneExpired, PRUNE_EVERY_MS } from './lib/prune.ts';

await runStandalone({
  name: 'checkout',
  defaultPort: 4107,
  migrate: ({ db }) => migrateInOrder(db, [migrateDeals, seedIfEmpty, migrateBasket, migrateWallet, migratePayment, migrateSandboxes, migrateMail, migrateRewards, migrateCheckout, migrateVouchers, migrateJobs]),
  createApp: ({ env, database: { db }, serviceToken, basePath, origin }) => {
    const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.SHOP_PORT ?? 4000}`;
    const external = env.PAYMENT_SANDBOX_ORIGIN;
    const merchantKey = external ? env.PAYMENT_MERCHANT_KEY : randomBytes(24).toString('base64url');
    const root = new Hono();
    if (!external) {
      // Their state is in the database: after a kill -9 they still know what they captured.
      const sandboxes = createSandboxes({ db, faults: env.PAYMENT_SANDBOX_FAULTS, merchantKey });
      root.route(SANDBOX_PATHS.braintree, sandboxes.braintree.app);
      root.route(SANDBOX_PATHS.klarna, sandboxes.klarna.app);
      root.route(SANDBOX_PATHS.clearpay, sandboxes.clearpay.app);
    }
    const mailLease = env.MAIL_LEASE_MS ? { mailLeaseMs: env.MAIL_LEASE_MS } : {};
    const reconcile = env.RECONCILE_ABANDON_AFTER_MS !== undefined ? { abandonAfterMs: env.RECONCILE_ABANDON_AFTER_MS } : {};
    const log = logFunction();
    const payments = createPayments({ db, providers: sandboxProviders(external ?? origin, merchantKey ? { merchantKey } : {}) });
    const mailer = createMailer({ db, ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) });
    const app = createCheckoutApp({
      db,
      serviceToken,
      basePath,
      payments,
      mailer,
      publicBaseUrl,
      log,
      ...(env.CLAIM_LEASE_MS ? { claimLeaseMs: env.CLAIM_LEASE_MS } : {}),
      // Test builds only: never in production.
      ...(env.FAULT_POINT && env.NODE_ENV !== 'production' ? { faultPoint: env.FAULT_POINT as FaultPoint, faultKill: env.FAULT_KILL } : {}),
      ...mailLease,
      reconcile,
    });
    // Everything else is the checkout app, as it answers on its own (its 404s, its service token).
    root.all('*', (c) => app.fetch(c.req.raw, c.env as object));

    // The shop's jobs: each never overlapping itself, nor another process's run of the same job.
    const jobLogger = defaultLogger();
    const jobs = [
      everyLeased({
        db,
        name: 'reconcile pending orders',
        everyMs: 30_000,
        logger: jobLogger,
        run: async () => {
          const jobDeps = { db, payments, mailer, publicBaseUrl, log, ...mailLease };
          await reconcilePendingOrders(jobDeps, reconcile);
          // Paid orders declined at settlement (reliability P6), as the shop's job does.
          await processDeclinedSettlements(jobDeps);
        },
      }),
      everyLeased({ db, name: 'release expired holds', everyMs: 15_000, logger: jobLogger, run: () => releaseExpiredHolds(db, new Date()) }),
      everyLeased({ db, name: 'prune expired tokens', everyMs: PRUNE_EVERY_MS, logger: jobLogger, run: () => pruneExpired(db, new Date()) }),
    ];
    return {
      fetch: root.fetch,
      describe: 'docs at /docs; sandboxes at /sandbox/*',
      close: async () => {
        await Promise.all(jobs.map((job) => job.stop()));
        await app.settled();
      },
    };
  },
});
