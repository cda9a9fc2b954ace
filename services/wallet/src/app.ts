/**
 * The wallet service (README.md is the contract): balances and history of the double-entry
 * ledger in ledger.ts, and operators' credits. The shop mounts it under /api/wallet; the gateway
 * calls `app.fetch` on paths without that prefix.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp, problem, problemResponse } from '@shop/platform';
import type { Kysely } from 'kysely';
import type { WalletDb } from './db/database.ts';
import { creditWallet, walletBalances, walletTransactions, WalletError } from './ledger.ts';
import { walletCreditLots } from './expiry.ts';
import * as routes from './routes.ts';
import { registerCampaignRoutes } from './campaigns/campaigns.handlers.ts';

export const WALLET_BASE_PATH = '/api/wallet';

export interface WalletAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: WalletDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/wallet). */
  basePath?: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export function createWalletApp(options: WalletAppOptions): OpenAPIHono {
  const db = options.db as WalletDb;
  const app = createServiceApp({
    title: 'Wallet service',
    version: '1.0.0',
    description:
      'Wallet credit as a double-entry ledger per customer, currency and bucket (marketing | refundable): balances are sums of append-only entries (spec §3 Wallet entry, §7, §9). ' +
      'Amounts are integer pence.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? WALLET_BASE_PATH,
    tags: [
      { name: 'Wallet', description: 'Balances, history and credits of customer wallets.' },
      { name: 'Campaigns', description: 'Credit campaigns (the links ?credit_validation={id}) for staff: create, change, list with claims.' },
    ],
    log: options.log,
  });

  app.openapi(routes.getWallet, async (c) => c.json(await walletBalances(db, c.req.valid('query').customerToken), 200));

  app.openapi(routes.getTransactions, async (c) => {
    const { customerToken, limit, before } = c.req.valid('query');
    const transactions = await walletTransactions(db, customerToken, limit ?? 50, before);
    return c.json({ transactions: transactions.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })) }, 200);
  });

  app.openapi(routes.getCreditLots, async (c) => {
    // Credit past its date cannot be spent any more (the job takes it within a minute): not shown as spendable.
    const now = Date.now();
    const lots = (await walletCreditLots(db, c.req.valid('query').customerToken)).filter((l) => l.expiresAt.getTime() >= now);
    return c.json({ lots: lots.map((l) => ({ ...l, expiresAt: l.expiresAt.toISOString() })) }, 200);
  });

  app.openapi(routes.postCredit, async (c) => {
    const body = c.req.valid('json');
    try {
      const { created } = await db.transaction().execute((trx) => creditWallet(trx, body));
      return c.json({ created, balances: await walletBalances(db, body.customerToken) }, created ? 201 : 200);
    } catch (err) {
      if (err instanceof WalletError) {
        // Same answer as the checkout gives a reused Idempotency-Key with another body.
        const detail = 'This ref was already used for another credit. Use a new ref for a new credit.';
        return problemResponse(c, problem(422, 'IDEMPOTENCY_CONFLICT', { title: 'Unprocessable content', detail, errors: [{ field: 'ref', message: err.message }] }));
      }
      throw err;
    }
  });
  // Credit claims (issue 18 point 3) and staff's campaigns: campaigns/.
  registerCampaignRoutes(app, db);
  return app;
}
