/**
 * A shop for checkout tests: one database (PGlite or a fresh PostgreSQL database) with the deals
 * catalogue seeded and every buying schema migrated, the REAL basket, stock, wallet and payment
 * module functions, the Braintree sandbox served over HTTP on a random loopback port (faults
 * on), the platform outbox mailer, and the checkout app with a clock the test moves.
 */
import { newLine, type BasketLine } from '@shop/domain/gifting';
import { customerBasket, getBasket, insertBasket, migrateBasket, newBasketToken, saveBasket } from '@shop/basket';
import { migrateDeals, seedDeals } from '@shop/deals';
import { createPayments, migratePayment, sandboxProviders, type Payments } from '@shop/payment';
import { MERCHANT_KEY, serveSandboxes, type Sandboxes } from '@shop/payment/test/harness';
import { createOutboxMailer, listOutbox, migrateInOrder, migrateMail, SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import { openFreshPostgres, type OpenTestDatabase } from '@shop/platform/test-databases';
import { creditWallet, migrateWallet } from '@shop/wallet';
import { migrateUsers } from '@shop/users';
import { migrateRewards } from '@shop/rewards';
import { sql, type RawBuilder } from 'kysely';
import { createCheckoutApp, type CheckoutApp, type CheckoutAppOptions } from '../app.ts';
import { migrateCheckout } from '../db/database.ts';
import { migrateVouchers } from '@shop/vouchers';

export const TEST_TOKEN = 'checkout-test-token';
export const SEED_NOW = new Date('2026-11-22T12:00:00.000Z');

export interface TestProduct {
  productId: number;
  dealId: number;
  pricePence: number;
}

export interface CheckoutFixture {
  database: Database;
  db: Database['db'];
  app: CheckoutApp;
  sandboxes: Sandboxes;
  payments: Payments;
  clock: { now: Date; advance(ms: number): void };
  logged: Array<{ message: string; fields: Record<string, unknown> }>;
  /** A fresh product (its own option) with `remaining` units, no cap, no postage, priced `pricePence`. */
  product(options?: { remaining?: number | null; pricePence?: number; purchaseCap?: number | null; postagePence?: number | null; highFraudRisk?: boolean; depositPricePence?: number | null }): Promise<TestProduct>;
  basket(lines: Array<Partial<BasketLine> & { product: TestProduct; quantity: number }>, customerToken?: string | null, addons?: Array<{ addonType: 'VVE'; productId: number; quantity: number }>): Promise<string>;
  credit(customerToken: string, amount: number, bucket?: 'marketing' | 'refundable'): Promise<void>;
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  json<T = Record<string, unknown>>(res: Response): Promise<T>;
  outbox(to?: string): ReturnType<typeof listOutbox>;
  getBasket: typeof getBasket;
  remake(options: Partial<CheckoutAppOptions>): CheckoutApp;
  close(): Promise<void>;
}

let productSeq = 0;

export async function checkoutFixture(open: OpenTestDatabase, options: Partial<CheckoutAppOptions> & { paymentTimeoutMs?: number } = {}): Promise<CheckoutFixture> {
  const database = await open();
  const db = database.db;
  // The users schema: a paid VIP membership is granted in the paying transaction.
  await migrateInOrder(db, [migrateDeals, (d) => seedDeals(d, { deals: 12, seed: 7, now: SEED_NOW }), migrateBasket, migrateWallet, migratePayment, migrateMail, migrateUsers, migrateRewards, migrateCheckout, migrateVouchers]);
  const sandboxes = await serveSandboxes({ faults: true });
  const logged: CheckoutFixture['logged'] = [];
  const log = (message: string, fields: Record<string, unknown>) => void logged.push({ message, fields });
  const payments = createPayments({
    db,
    providers: sandboxProviders(sandboxes.origin, { log, merchantKey: MERCHANT_KEY }),
    timeoutMs: options.paymentTimeoutMs ?? 1000,
    log,
  });
  const clock = {
    now: new Date(SEED_NOW.getTime() + 60_000),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const make = (extra: Partial<CheckoutAppOptions> = {}) =>
    createCheckoutApp({
      db,
      serviceToken: TEST_TOKEN,
      payments,
      mailer: createOutboxMailer(db),
      publicBaseUrl: 'https://shop.example',
      clock: () => clock.now,
      log,
      ...options,
      ...extra,
    });
  let app = make();
  // A template deal whose closing date is far away: each test product is a new option of a copy of it.
  const template = (await sql<{ id: number }>`select id from deals.deal where closing_date is null or closing_date > ${new Date(SEED_NOW.getTime() + 30 * 86_400_000)} order by id limit 1`.execute(db)).rows[0]!;

  const fixture: CheckoutFixture = {
    database,
    db,
    get app() {
      return app;
    },
    sandboxes,
    payments,
    clock,
    logged,
    async product(o = {}) {
      productSeq += 1;
      const dealId = 90_000_000 + productSeq * 10 + Math.floor(Math.random() * 10);
      const productId = dealId;
      const price = o.pricePence ?? 1500;
      const cols = sql.join(
        ['location_id', 'category_id', 'subcategory_id', 'merchant_id', 'image_id', 'title', 'headline', 'description', 'image_alt', 'highlights', 'fine_print',
          'original_price_pence', 'discount_percentage', 'vip_price_pence', 'currency', 'price_display', 'created_at', 'final_deal_order_amount', 'total_remaining_for_day',
          'booking_calendar_on_redemption', 'gift_claim', 'delivery_type',
          // Recomputed for the new option by the deals' product trigger (postage included).
          'headline_price_pence', 'headline_discount_percentage'].map((c) => sql.ref(c)),
      );
      await sql`insert into deals.deal (id, price_pence, vip_exclusive, product_count, closing_date, sold_count, high_fraud_risk, purchase_cap, price_per_person, ${cols})
        select ${dealId}, ${price}, false, 1, null, 0, ${o.highFraudRisk ?? false}, null, false, ${cols} from deals.deal where id = ${template.id}`.execute(db);
      await sql`insert into deals.product (id, deal_id, position, title, price_pence, original_price_pence, display_discount, purchase_cap, remaining, has_deposit, deposit_product_id, deposit_price_pence, postage_pence, number_of_nights, check_in_date, check_out_date, vip_exclusive, disabled)
        values (${productId}, ${dealId}, 1, 'Test option', ${price}, ${price * 2}, true, ${o.purchaseCap ?? null}, ${o.remaining === undefined ? 10 : o.remaining}, ${o.depositPricePence != null}, null, ${o.depositPricePence ?? null}, ${o.postagePence ?? null}, null, null, null, false, false)`.execute(db);
      return { productId, dealId, pricePence: price };
    },
    async basket(lines, customerToken = null, addons = []) {
      let token = newBasketToken();
      await db.transaction().execute(async (trx) => {
        // One open basket per customer (the basket service's rule): a customer's next basket is the same one.
        const created = await insertBasket(trx, { token, customerToken, brand: 'thistle', eligibleForVip: false, now: clock.now });
        const stored = created ? (await getBasket(trx, token))! : (await customerBasket(trx, customerToken!))!;
        token = stored.id;
        const products = lines.map(({ product, quantity, ...rest }) => newLine({ dealId: product.dealId, dealProductId: product.productId, quantity, ...rest }));
        await saveBasket(trx, { ...stored, products, addons }, clock.now);
      });
      return token;
    },
    async credit(customerToken, amount, bucket = 'refundable') {
      await db.transaction().execute((trx) => creditWallet(trx as never, { customerToken, currency: 'GBP', amount, bucket, reason: 'test top-up', ref: `topup-${Math.random()}` }));
    },
    async request(method, path, o = {}) {
      const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers };
      return app.request(path, { method, headers, ...(o.body !== undefined ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}) });
    },
    async json<T>(res: Response) {
      return (await res.json()) as T;
    },
    outbox: (to?: string) => listOutbox(db, to ? { to } : {}),
    getBasket,
    remake(extra) {
      app = make(extra);
      return app;
    },
    async close() {
      await app.settled();
      await sandboxes.close();
      await database.close();
    },
  };
  return fixture;
}

/** A place-order body for a card payment of `cash` pence. */
export function cardOrder(cash: number, extra: Record<string, unknown> = {}) {
  return {
    expectedCashAmount: cash,
    payment: { method: 'credit_card', token: 'fake-valid-nonce', savedInstrumentId: null, saveInstrument: false },
    email: 'guest@example.co.uk',
    ...extra,
  };
}

/** Money and stock figures to compare before and after (Z3, failure paths). */
export async function snapshot(db: Database['db']) {
  const q = async (query: RawBuilder<unknown>) => (await query.execute(db)).rows;
  return {
    products: await q(sql`select id, remaining from deals.product where id >= 90000000 order by id`),
    holds: await q(sql`select hold_key, product_id, quantity, order_id from deals.stock_hold order by hold_key, product_id`),
    sales: await q(sql`select product_id, quantity from deals.stock_sale order by product_id`),
    counts: await q(sql`select customer_key, product_id, day, quantity from deals.purchase_count where quantity > 0 order by 1, 2, 3`),
    orders: await q(sql`select status, count(*)::int as n from orders.orders group by status order by status`),
    vouchers: await q(sql`select count(*)::int as n from vouchers.voucher`),
    wallet: await q(sql`select count(*)::int as n from wallet.entry`),
  };
}

/** The invariant SQL of reliability.md Part D, adapted to these schemas: every query must return no rows. */
export async function invariantViolations(db: Database['db']): Promise<Record<string, unknown[]>> {
  const checks: Record<string, RawBuilder<unknown>> = {
    'vouchers match paid quantities': sql`select ol.id from orders.order_line ol join orders.orders o on o.id = ol.order_id
      where o.status = 'PAID' and o.kind = 'order' and ol.addon_type is null and ol.quantity <> (select count(*) from vouchers.voucher v where v.order_line_id = ol.id)`,
    'no vouchers for unpaid orders': sql`select v.id from vouchers.voucher v join orders.orders o on o.id = v.order_id where o.status <> 'PAID'`,
    'voucher codes unique': sql`select code from vouchers.voucher group by code having count(*) > 1`,
    'paid orders have a captured payment for their cash': sql`select o.id from orders.orders o left join orders.payment p on p.order_id = o.id
      where o.status = 'PAID' and o.cash_amount > 0 and (p.id is null or p.amount <> o.cash_amount)`,
    'no payment rows for unpaid orders': sql`select p.id from orders.payment p join orders.orders o on o.id = p.order_id where o.status <> 'PAID'`,
    'never oversold (remaining >= 0)': sql`select id from deals.product where remaining < 0`,
    'sold units match paid order lines': sql`select s.product_id from deals.stock_sale s
      where s.quantity <> (select coalesce(sum(ol.quantity), 0) from orders.order_line ol join orders.orders o on o.id = ol.order_id where o.status = 'PAID' and ol.addon_type is null and ol.deal_product_id = s.product_id)`,
    'pending orders keep a pinned hold': sql`select o.id from orders.orders o where o.status = 'PENDING' and o.kind = 'order'
      and not exists (select 1 from deals.stock_hold h where h.hold_key = o.basket_token and h.order_id = o.id::text)`,
    'failed or paid orders pin nothing': sql`select h.hold_key from deals.stock_hold h join orders.orders o on o.id::text = h.order_id where o.status <> 'PENDING'`,
    'idempotency answers only for final orders': sql`select k.idem_key from orders.idempotency_key k join orders.orders o on o.id = k.order_id where k.state = 'done' and o.status = 'PENDING'`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(checks)) {
    const rows = (await query.execute(db)).rows;
    if (rows.length) out[name] = rows;
  }
  return out;
}

/**
 * A fresh database on the TEST_DATABASE_URL server with a pool of 16 connections (the
 * concurrency tests' figure; the platform's openFreshPostgres uses 5), dropped on close.
 */
export function postgres16(adminUrl: string): OpenTestDatabase {
  return () => openFreshPostgres(adminUrl, { poolSize: 16, prefix: 'shop_test_checkout_' });
}
