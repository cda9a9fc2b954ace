/**
 * The real services a buying journey needs, in process, on one fresh database (PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set): deals (a small seeded catalogue, with the stock
 * tables), users with the outbox mailer, basket (its product check wired to the deals stockView
 * as the shop wires it), wallet, payment (createPayments with the Braintree adapter, shared by the
 * payment service and the checkout), checkout, vouchers and address (seeded); the Braintree sandbox served over real HTTP on a loopback port, as the shop mounts it.
 * Every service call the gateway makes is recorded, per service.
 */
import { Hono } from 'hono';
import { createBasketApp, migrateBasket } from '@shop/basket';
import { createCheckoutApp, migrateCheckout, type CheckoutApp } from '@shop/checkout';
import { createVouchersApp, migrateVouchers, type VouchersApp } from '@shop/vouchers';
import { stockView, vipEquivalents } from '@shop/deals';
import { ACCOUNT_LINK_PATHS, SESSION_COOKIE } from '@shop/domain/accounts';
import { londonDate } from '@shop/domain';
import { createAddressApp, migrateAddress, seedAddresses } from '@shop/address';
import { braintreeProvider, createBraintreeSandbox, createPaymentApp, createPayments, migratePayment, type BraintreeSandbox } from '@shop/payment';
import { createMailer, listOutbox, migrateMail, serveOnLoopback, type Database, type LoopbackServer } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createUsersApp, migrateUsers, type UsersApp } from '@shop/users';
import { migrateRewards } from '@shop/rewards';
import { createWishlistApp, migrateWishlist } from '@shop/wishlist';
import { creditWallet, createWalletApp, migrateWallet } from '@shop/wallet';
import type { ServiceTargets } from '../src/context.ts';
import type { Browser } from '../src/test/accounts-services.ts';
import { openSeededDeals } from '../src/test/deals-service.ts';
import { TEST_TOKEN } from '../src/test/helpers.ts';

const PUBLIC_BASE_URL = 'http://shop.test';
const BUYING_TEST_DEALS = 40;
export const PASSWORD = 'Correct-Horse-9';

type FetchHandler = { fetch(request: Request): Response | Promise<Response> };

export interface BuyingServices {
  database: Database;
  db: Database['db'];
  targets: ServiceTargets;
  /** Every request the gateway sent, by service ("GET /basket/…"), for counting. */
  calls: string[];
  usersApp: UsersApp;
  checkoutApp: CheckoutApp;
  vouchersApp: VouchersApp;
  braintree: BraintreeSandbox;
  sandbox: LoopbackServer;
  /** Credit `amount` pence to a customer's wallet (refundable unless said). */
  credit(customerToken: string, amount: number, bucket?: 'marketing' | 'refundable'): Promise<void>;
  linkToken(to: string, page: keyof typeof ACCOUNT_LINK_PATHS): Promise<string>;
  /** The customer token of a signed-in browser's session, as the users service knows it. */
  customerTokenOf(browser: Browser): Promise<string>;
  /** Buyable options: [dealId, productId, price] of products with stock, not VIP-only, no deposit, not per person. */
  buyable(count: number): Promise<{ dealId: number; productId: number; pricePence: number }[]>;
  close(): Promise<void>;
}

function recorded(app: FetchHandler, service: string, calls: string[]): FetchHandler {
  return {
    fetch(request: Request) {
      const url = new URL(request.url);
      calls.push(`${service} ${request.method} ${url.pathname}`);
      return app.fetch(request);
    },
  };
}

export async function openBuyingServices(open: OpenTestDatabase): Promise<BuyingServices> {
  const seeded = await openSeededDeals(open, BUYING_TEST_DEALS);
  const database = seeded.database;
  const db = database.db;
  let sandbox: LoopbackServer | undefined;
  try {
    await migrateMail(db);
    await migrateUsers(db);
    await migrateBasket(db);
    await migrateWallet(db);
    await migratePayment(db);
    await migrateRewards(db);
    await migrateCheckout(db);
    await migrateVouchers(db);
    await migrateAddress(db);
    await migrateWishlist(db);
    await seedAddresses(db);
    const braintree = createBraintreeSandbox({ faults: true });
    const shop = new Hono();
    shop.route('/sandbox/braintree', braintree.app);
    sandbox = await serveOnLoopback(shop.fetch, 0);
    const mailer = createMailer({ db });
    const quiet = () => {};
    const usersApp = createUsersApp({ db, serviceToken: TEST_TOKEN, mailer, publicBaseUrl: PUBLIC_BASE_URL, log: quiet });
    const payments = createPayments({ db, providers: [braintreeProvider({ baseUrl: `http://127.0.0.1:${sandbox.port}/sandbox/braintree` })], timeoutMs: 2500, log: quiet });
    const basketApp = createBasketApp({
      db,
      serviceToken: TEST_TOKEN,
      productCheck: ({ productIds, customerKey, db: handle }) => stockView(handle, { productIds, customerKey, day: londonDate(new Date()) }),
      // apply-vip-discount: a member's lines to their VIP options (services/deals vip-equivalents.ts).
      vipEquivalents: ({ productIds, db: handle }) => vipEquivalents(handle, productIds),
      log: quiet,
    });
    const walletApp = createWalletApp({ db, serviceToken: TEST_TOKEN, log: quiet });
    const paymentApp = createPaymentApp({ db, serviceToken: TEST_TOKEN, payments, log: quiet });
    const addressApp = createAddressApp({ db, serviceToken: TEST_TOKEN, log: quiet });
    const checkoutApp = createCheckoutApp({ db, serviceToken: TEST_TOKEN, payments, mailer, publicBaseUrl: PUBLIC_BASE_URL, log: quiet });
    // Card refunds go back through the same payments, as the shop wires it (server.ts startShop).
    const vouchersApp = createVouchersApp({ db, serviceToken: TEST_TOKEN, publicBaseUrl: PUBLIC_BASE_URL, payments, mailer, log: quiet });
    const wishlistApp = createWishlistApp({ db, serviceToken: TEST_TOKEN });
    const calls: string[] = [];
    const targets: ServiceTargets = {
      deals: { app: recorded(seeded.app, 'deals', calls) },
      users: { app: recorded(usersApp, 'users', calls) },
      basket: { app: recorded(basketApp, 'basket', calls) },
      wallet: { app: recorded(walletApp, 'wallet', calls) },
      checkout: { app: recorded(checkoutApp, 'checkout', calls) },
      vouchers: { app: recorded(vouchersApp, 'vouchers', calls) },
      payment: { app: recorded(paymentApp, 'payment', calls) },
      address: { app: recorded(addressApp, 'address', calls) },
      wishlist: { app: recorded(wishlistApp, 'wishlist', calls) },
    };
    const server = sandbox;
    return {
      database,
      db,
      targets,
      calls,
      usersApp,
      checkoutApp,
      vouchersApp,
      braintree,
      sandbox: server,
      async credit(customerToken, amount, bucket = 'refundable') {
        await db.transaction().execute((trx) => creditWallet(trx as never, { customerToken, currency: 'GBP', amount, bucket, reason: 'test top-up', ref: `topup-${Math.random()}` }));
      },
      async linkToken(to, page) {
        await usersApp.settled();
        const prefix = `${PUBLIC_BASE_URL}${ACCOUNT_LINK_PATHS[page]}?token=`;
        for (const message of await listOutbox(db, { to, limit: 50 })) {
          const at = message.text.indexOf(prefix);
          if (at >= 0) return decodeURIComponent(/^[^\s"'<>]+/.exec(message.text.slice(at + prefix.length))![0]);
        }
        throw new Error(`No ${page} link in the mail to ${to}`);
      },
      async customerTokenOf(browser) {
        const res = await usersApp.fetch(
          new Request('http://users.internal/session', { headers: { 'x-service-token': TEST_TOKEN, 'x-session-token': browser.cookie(SESSION_COOKIE)! } }),
        );
        return ((await res.json()) as { data: { user: { customerToken: string } } }).data.user.customerToken;
      },
      buyable: (count) => buyableOptions(db, count),
      async close() {
        await usersApp.settled();
        await checkoutApp.settled();
        await server.close();
        await database.close();
      },
    };
  } catch (error) {
    await sandbox?.close();
    await database.close();
    throw error;
  }
}

/**
 * `count` options of different deals anyone can buy now with nothing to decide (no deposit,
 * postage, per-person price or VIP), open for two more days, with room for several units.
 */
export async function buyableOptions(db: Database['db'], count: number): Promise<{ dealId: number; productId: number; pricePence: number }[]> {
  const soon = new Date(Date.now() + 2 * 86_400_000);
  const rows = await db
    .selectFrom('deals.product as p')
    .innerJoin('deals.deal as d', 'd.id', 'p.deal_id')
    .select(['p.deal_id', 'p.id', 'p.price_pence'])
    .where('p.disabled', '=', false)
    .where('p.vip_exclusive', '=', false)
    .where('d.vip_exclusive', '=', false)
    .where('d.price_per_person', '=', false)
    .where('p.deposit_price_pence', 'is', null)
    .where('p.postage_pence', 'is', null)
    .where((eb) => eb.or([eb('p.remaining', 'is', null), eb('p.remaining', '>=', 20)]))
    .where((eb) => eb.or([eb('p.purchase_cap', 'is', null), eb('p.purchase_cap', '>=', 5)]))
    .where((eb) => eb.or([eb('d.closing_date', 'is', null), eb('d.closing_date', '>', soon)]))
    .orderBy('p.deal_id')
    .orderBy('p.id')
    .execute();
  // One option per deal: lines of different deals.
  const seen = new Set<number>();
  const out: { dealId: number; productId: number; pricePence: number }[] = [];
  for (const r of rows as { deal_id: number; id: number; price_pence: number }[]) {
    if (seen.has(r.deal_id)) continue;
    seen.add(r.deal_id);
    out.push({ dealId: r.deal_id, productId: r.id, pricePence: r.price_pence });
    if (out.length === count) break;
  }
  if (out.length < count) throw new Error(`Only ${out.length} buyable options in the seeded catalogue`);
  return out;
}
