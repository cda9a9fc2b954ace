// B10: orders per second placed end to end through the gateway, with zero oversold units,
// reported beside the bare database transaction of selling one unit, measured in the same run.
//
//   node bench/orders.ts [--seconds 10] [--concurrency 16] [--port 4597]
//
// It creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL, default TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test), starts the shop on it as in production
// (`node gateway/src/main.ts`, NODE_ENV=production, a small seeded catalogue), and runs:
//
//   1. End to end: C guest buyers in a closed loop, each with its own cookies, doing what the
//      browser does for one voucher: addToBasket, checkout (which takes the hold), placeOrder by
//      card with the Braintree sandbox's `fake-valid-nonce` (the provider call is real HTTP to the
//      sandbox). Orders per second = paid orders / elapsed.
//   2. Flash sale: 3 × C buyers at once for one option with C units left: exactly C orders, stock 0.
//   3. Baseline: the bare database transaction of selling one unit, at the same concurrency, with
//      no HTTP, GraphQL or provider: lock and decrement the product's remaining units, insert the
//      order, its line, its voucher and an order event, count the sale, commit.
//
// Afterwards: no product's remaining below 0, and for every product the units sold (order lines
// of PAID orders) equal the units its remaining went down by; vouchers = paid units.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BUYING_OPERATIONS, createStaffKey } from './graphql-access.ts';
import { payableByCard } from './lib.ts';

/** GraphQL answers: the bench reads a few known fields and checks their typenames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Json = any;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8'));

export interface OrdersBenchOptions {
  adminUrl: string;
  seconds: number;
  concurrency: number;
  port: number;
  log: (message: string) => void;
}


interface StepTimes {
  add: number[];
  checkout: number[];
  place: number[];
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A guest browser: its own cookies (the basket token), nothing else. */
class Buyer {
  static staffKey: string | undefined;
  private cookies = new Map<string, string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async gql(query: string, variables: Record<string, unknown> = {}): Promise<Json> {
    const res = await fetch(`${this.base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        // The bench's own operations, in a production shop: as an internal tool (bench/graphql-access.ts).
        ...(Buyer.staffKey ? { authorization: `Bearer ${Buyer.staffKey}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await res.json()) as { data?: Json; errors?: unknown[] };
    if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}`);
    return body.data;
  }

  /** Basket and checkout (which takes the hold): the cash amount to pay, or the refusal's code. */
  async prepare(dealId: number, productId: number, steps?: StepTimes): Promise<{ cash: number } | { refused: string }> {
    let t = performance.now();
    const add = await this.gql(BUYING_OPERATIONS.add, { input: { dealId, productId, quantity: 1 } });
    steps?.add.push(performance.now() - t);
    if (add.addToBasket.__typename !== 'BasketUpdated') return { refused: add.addToBasket.code ?? add.addToBasket.__typename };
    t = performance.now();
    const co = await this.gql(BUYING_OPERATIONS.checkout);
    steps?.checkout.push(performance.now() - t);
    if (co.checkout.__typename !== 'Checkout') return { refused: co.checkout.code ?? co.checkout.__typename };
    if (!co.checkout.canPay) return { refused: 'CANNOT_PAY' };
    return { cash: co.checkout.orderSummary.cashAmount.amount as number };
  }

  /** placeOrder by card through the Braintree sandbox: 'OrderPlaced', or the refusal's code. */
  async place(cash: number, steps?: StepTimes): Promise<string> {
    const t = performance.now();
    const placed = await this.gql(BUYING_OPERATIONS.place, {
      input: {
        idempotencyKey: randomUUID(),
        method: 'CREDIT_CARD',
        paymentToken: 'fake-valid-nonce',
        email: `bench+${randomBytes(4).toString('hex')}@example.com`,
        expectedCashAmount: cash,
      },
    });
    steps?.place.push(performance.now() - t);
    const r = placed.placeOrder;
    return r.__typename === 'OrderPlaced' ? 'OrderPlaced' : (r.code ?? r.__typename);
  }

  /** One voucher bought end to end. */
  async buy(dealId: number, productId: number, steps?: StepTimes): Promise<string> {
    const prepared = await this.prepare(dealId, productId, steps);
    return 'refused' in prepared ? prepared.refused : this.place(prepared.cash, steps);
  }
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function startShop(port: number, databaseUrl: string, log: (m: string) => void): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: the shop writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_PLACE_PROBE=<prefix>: SQL statements counted and a CPU profile of the placeOrder phase only (shop-probe.mjs).
  if (process.env.BENCH_PLACE_PROBE) profile.push('--import', join(root, 'bench', 'shop-probe.mjs'));
  const child = spawn(process.execPath, [...profile, join(root, 'gateway', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SERVICE_TOKEN: 'bench-service-token', NODE_ENV: 'production', SEED_DEALS: '400' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  log('shop did not start in 5 minutes');
  throw new Error('shop did not start');
}

/**
 * Voucher options a guest can buy with no address, deposit, VIP or minimum quantity, and pay by
 * card (spec §5: the card-on-delivery subcategories refuse a card from £50, PAYMENT_METHOD_UNAVAILABLE).
 */
async function buyableOptions(db: pg.Pool, count: number): Promise<Array<{ dealId: number; productId: number }>> {
  const { rows } = await db.query(
    `select p.id as "productId", p.deal_id as "dealId", p.price_pence as "price", d.subcategory_id as "subcategoryId"
       from deals.product p join deals.deal d on d.id = p.deal_id
      where not p.disabled and not p.vip_exclusive and not p.has_deposit and p.postage_pence is null
        and d.delivery_type = 'voucher' and not d.price_per_person and not d.high_fraud_risk
        and (d.closing_date is null or d.closing_date > now() + interval '1 day')
        and p.price_pence between 500 and 20000
      order by p.id`,
  );
  const byCard = (r: { price: number; subcategoryId: number | null }) => payableByCard(r.price, true, r.subcategoryId);
  return rows.filter(byCard).slice(0, count).map((r) => ({ dealId: r.dealId as number, productId: r.productId as number }));
}

interface Load {
  orders: number;
  refused: Record<string, number>;
  errors: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  /** p50 of each GraphQL call of an order (end to end only). */
  steps?: { add: number; checkout: number; place: number };
}

function summarise(latencies: number[], orders: number, refused: Record<string, number>, errors: number, seconds: number): Load {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { orders, refused, errors, seconds, ordersPerSecond: orders / seconds, p50: q(0.5), p95: q(0.95) };
}

async function endToEnd(base: string, options: Array<{ dealId: number; productId: number }>, seconds: number, concurrency: number): Promise<Load> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let orders = 0;
  let errors = 0;
  const steps: StepTimes = { add: [], checkout: [], place: [] };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const buyer = new Buyer(base);
      let n = i;
      while (performance.now() < end) {
        const option = options[n++ % options.length]!;
        const t = performance.now();
        try {
          const outcome = await buyer.buy(option.dealId, option.productId, steps);
          if (outcome === 'OrderPlaced') {
            orders++;
            latencies.push(performance.now() - t);
          } else {
            refused[outcome] = (refused[outcome] ?? 0) + 1;
            // Start again with a new basket (a new browser) after a refusal.
            if (refused[outcome]! > 1000) throw new Error(`too many ${outcome}`);
          }
        } catch (error) {
          errors++;
          if (errors > 50) throw error;
        }
      }
    }),
  );
  return { ...summarise(latencies, orders, refused, errors, (performance.now() - started) / 1000), steps: { add: p50(steps.add), checkout: p50(steps.checkout), place: p50(steps.place) } };
}

/**
 * placeOrder alone: `count` guests first fill a basket and open the checkout (untimed; the hold
 * lasts 300 s), then all of them pay, `concurrency` at a time. Orders per second = paid / elapsed.
 */
async function prepareGuests(base: string, options: Array<{ dealId: number; productId: number }>, count: number, concurrency: number) {
  const ready: Array<{ buyer: Buyer; cash: number }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const buyer = new Buyer(base);
        const option = options[i % options.length]!;
        const prepared = await buyer.prepare(option.dealId, option.productId);
        if ('cash' in prepared) ready.push({ buyer, cash: prepared.cash });
      }
    }),
  );
  return ready;
}

async function placeAll(ready: Array<{ buyer: Buyer; cash: number }>, concurrency: number): Promise<Load> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  const steps: StepTimes = { add: [], checkout: [], place: [] };
  let orders = 0;
  let errors = 0;
  let k = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (k < ready.length) {
        const { buyer, cash } = ready[k++]!;
        const t = performance.now();
        try {
          const outcome = await buyer.place(cash, steps);
          if (outcome === 'OrderPlaced') {
            orders++;
            latencies.push(performance.now() - t);
          } else refused[outcome] = (refused[outcome] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  return summarise(latencies, orders, refused, errors, (performance.now() - started) / 1000);
}

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); null when unreadable. */
function processCpuMs(pid: number, ticksPerSecond: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds per paid order of the shop process and of the PostgreSQL backends of the
 * database, around `run` (every client backend connected when it starts: the shop's pool, warm).
 */
async function cpuPerOrder(db: pg.Pool, shopPid: number, run: () => Promise<Load>): Promise<Load & { cpu?: { shopMs: number; postgresMs: number; loadGeneratorMs: number } }> {
  let ticks = 100;
  try {
    ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    /* the usual value */
  }
  const { rows } = await db.query("select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'");
  const pids = rows.map((r) => Number(r.pid));
  const postgres = () => pids.reduce((sum, pid) => sum + (processCpuMs(pid, ticks) ?? 0), 0);
  const shop0 = processCpuMs(shopPid, ticks);
  const pg0 = postgres();
  const self0 = process.cpuUsage();
  const load = await run();
  const self = process.cpuUsage(self0);
  const shop1 = processCpuMs(shopPid, ticks);
  if (shop0 === null || shop1 === null || load.orders === 0) return load;
  const per = (ms: number) => Math.round((ms / load.orders) * 100) / 100;
  return { ...load, cpu: { shopMs: per(shop1 - shop0), postgresMs: per(postgres() - pg0), loadGeneratorMs: per((self.user + self.system) / 1000) } };
}

/** The bare transaction of selling one unit, straight to PostgreSQL, at the same concurrency. */
async function bareTransactions(db: pg.Pool, options: Array<{ dealId: number; productId: number }>, seconds: number, concurrency: number): Promise<Load> {
  const latencies: number[] = [];
  let orders = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const client = await db.connect();
      let n = i;
      try {
        while (performance.now() < end) {
          const option = options[n++ % options.length]!;
          const t = performance.now();
          await client.query('begin');
          const sold = await client.query(
            `update deals.product set remaining = remaining - 1 where id = $1 and remaining >= 1 returning price_pence, title`,
            [option.productId],
          );
          if (sold.rowCount !== 1) {
            await client.query('rollback');
            continue;
          }
          const { price_pence: price, title } = sold.rows[0] as { price_pence: number; title: string };
          const orderId = randomUUID();
          const now = new Date();
          await client.query(
            `insert into orders.orders (id, order_number, status, basket_token, customer_key, email, subtotal, postage, promo_discount, vip,
               total_amount, cash_amount, wallet_used, payment_method, provider, cap_day, created_at, updated_at, paid_at)
             values ($1, 'B' || nextval('orders.order_number_seq'), 'PAID', $2, $3, 'bench@example.com', $4, 0, 0, 0, $4, $4, 0,
               'credit_card', 'braintree', current_date, $5, $5, $5)`,
            [orderId, `bench-${orderId}`, `g:bench-${i}`, price, now],
          );
          const line = await client.query(
            `insert into orders.order_line (order_id, line_no, deal_id, deal_product_id, title, quantity, unit_price, postage, line_total)
             values ($1, 1, $2, $3, $4, 1, $5, 0, $5) returning id`,
            [orderId, option.dealId, option.productId, title, price],
          );
          await client.query(
            `insert into vouchers.voucher (id, code, order_id, order_number, order_line_id, deal_id, deal_product_id, title, status, price, paid_at, created_at, updated_at)
             select $1, $2, $3, order_number, $4, $5, $6, $7, 'Ready to Redeem', $8, $9, $9, $9 from orders.orders where id = $3`,
            [randomUUID(), randomBytes(12).toString('base64url'), orderId, line.rows[0].id, option.dealId, option.productId, title, price, now],
          );
          await client.query(`insert into orders.order_event (order_id, type, from_status, to_status, at) values ($1, 'paid', 'PENDING', 'PAID', $2)`, [orderId, now]);
          await client.query(`update deals.deal set sold_count = sold_count + 1 where id = $1`, [option.dealId]);
          await client.query('commit');
          orders++;
          latencies.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return summarise(latencies, orders, {}, 0, (performance.now() - started) / 1000);
}

async function flashSale(base: string, db: pg.Pool, option: { dealId: number; productId: number }, units: number, buyers: number) {
  await db.query(`update deals.product set remaining = $2, purchase_cap = null where id = $1`, [option.productId, units]);
  const outcomes: Record<string, number> = {};
  const t = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      let outcome: string;
      try {
        outcome = await new Buyer(base).buy(option.dealId, option.productId);
      } catch (error) {
        outcome = `error: ${String(error).slice(0, 80)}`;
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  const { rows } = await db.query(`select remaining from deals.product where id = $1`, [option.productId]);
  const paid = await db.query(
    `select coalesce(sum(l.quantity), 0)::int as units from orders.order_line l join orders.orders o on o.id = l.order_id
      where o.status = 'PAID' and l.deal_product_id = $1`,
    [option.productId],
  );
  return { units, buyers, outcomes, seconds, remainingAfter: rows[0].remaining as number, paidUnits: paid.rows[0].units as number };
}

/** Invariants after the run: nothing negative, sold units = what remaining went down by, vouchers = paid units. */
async function invariants(db: pg.Pool, before: Map<number, number>) {
  const negative = await db.query(`select count(*)::int as n from deals.product where remaining < 0`);
  const sold = await db.query(
    `select l.deal_product_id as id, sum(l.quantity)::int as units from orders.order_line l join orders.orders o on o.id = l.order_id
      where o.status = 'PAID' group by 1`,
  );
  const now = await db.query(`select id, remaining from deals.product where id = any($1)`, [[...before.keys()]]);
  const remaining = new Map(now.rows.map((r) => [r.id as number, r.remaining as number]));
  const held = await db.query(`select product_id as id, sum(quantity)::int as units from deals.stock_hold group by 1`).catch(() => ({ rows: [] as Json[] }));
  const heldBy = new Map(held.rows.map((r: Json) => [r.id as number, r.units as number]));
  let oversold = 0;
  let mismatched = 0;
  for (const r of sold.rows) {
    const start = before.get(r.id);
    if (start === undefined) continue;
    const left = remaining.get(r.id)!;
    if (left < 0) oversold += -left;
    if (start - left !== r.units + (heldBy.get(r.id) ?? 0)) mismatched++;
  }
  const vouchers = await db.query(
    `select (select count(*)::int from vouchers.voucher v join orders.orders o on o.id = v.order_id where o.status = 'PAID') as vouchers,
            (select coalesce(sum(l.quantity), 0)::int from orders.order_line l join orders.orders o on o.id = l.order_id where o.status = 'PAID' and l.addon_type is null) as units`,
  );
  return { negativeProducts: negative.rows[0].n as number, oversoldUnits: oversold, productsNotAddingUp: mismatched, vouchers: vouchers.rows[0].vouchers as number, paidUnits: vouchers.rows[0].units as number };
}

export async function benchOrders(options: OrdersBenchOptions) {
  const { log } = options;
  const database = await createDatabase(options.adminUrl);
  const base = `http://127.0.0.1:${options.port}`;
  log(`B10 orders: throwaway database, shop on ${base}`);
  const shop = await startShop(options.port, database.url, log);
  Buyer.staffKey = await createStaffKey(base, 'bench-service-token', 'bench-orders');
  const db = new pg.Pool({ connectionString: database.url, max: options.concurrency + 2 });
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  try {
    const all = await buyableOptions(db, 61);
    if (all.length < 61) throw new Error(`only ${all.length} buyable voucher options in the seed`);
    const shopOptions = all.slice(0, 30);
    const bareOptions = all.slice(30, 60);
    // Plenty of units and no per-customer cap on the options the loads buy: the figure is throughput.
    await db.query(`update deals.product set remaining = 1000000, purchase_cap = null where id = any($1)`, [all.map((o) => o.productId)]);
    const before = new Map<number, number>(all.map((o) => [o.productId, 1_000_000]));

    log('B10 warm-up (3 s)');
    await endToEnd(base, shopOptions, 3, options.concurrency);

    log(`B10 end to end through the gateway (${options.seconds} s, c=${options.concurrency})`);
    const e2e = await endToEnd(base, shopOptions, options.seconds, options.concurrency);
    const placeCount = Math.max(200, Math.round(e2e.ordersPerSecond * options.seconds * 3));
    log(`B10 placeOrder alone through the gateway (${placeCount} prepared guests, c=${options.concurrency})`);
    const ready = await prepareGuests(base, shopOptions, placeCount, options.concurrency);
    const probe = (on: boolean) => process.env.BENCH_PLACE_PROBE && (shop.kill('SIGUSR2'), log(`B10 probe ${on ? 'on' : 'off'}`));
    probe(true);
    const place = await cpuPerOrder(db, shop.pid!, () => placeAll(ready, options.concurrency));
    probe(false);
    log(`B10 bare database transaction (${options.seconds} s, c=${options.concurrency})`);
    const bare = await bareTransactions(db, bareOptions, options.seconds, options.concurrency);

    const flashOption = all[60]!;
    log(`B10 flash sale: ${options.concurrency * 3} buyers for ${options.concurrency} units`);
    const flash = await flashSale(base, db, flashOption, options.concurrency, options.concurrency * 3);

    const inv = await invariants(db, new Map([...before].filter(([id]) => shopOptions.some((o) => o.productId === id))));
    const goal = goals.B10;
    checks.push({
      name: `B10 orders placed per second through the gateway (placeOrder) ≥ ${goal.ordersPerSecondMin} at c=${options.concurrency}`,
      ok: place.ordersPerSecond >= goal.ordersPerSecondMin,
      detail: `${place.ordersPerSecond.toFixed(1)} orders/s (p50 ${place.p50.toFixed(1)} ms, p95 ${place.p95.toFixed(1)} ms, ${place.orders} orders, refused ${JSON.stringify(place.refused)}; CPU per order: shop ${place.cpu?.shopMs} ms, PostgreSQL ${place.cpu?.postgresMs} ms, load generator ${place.cpu?.loadGeneratorMs} ms); bare transaction ${bare.ordersPerSecond.toFixed(0)} orders/s (p50 ${bare.p50.toFixed(2)} ms); whole journey ${e2e.ordersPerSecond.toFixed(1)} orders/s`,
    });
    checks.push({
      name: `B10 whole journey (basket, checkout, pay) per second through the gateway (reported)`,
      ok: true,
      detail: `${e2e.ordersPerSecond.toFixed(1)} orders/s (p50 ${e2e.p50.toFixed(1)} ms, p95 ${e2e.p95.toFixed(1)} ms per order, 3 GraphQL calls each: p50 add ${e2e.steps?.add.toFixed(1)}, checkout ${e2e.steps?.checkout.toFixed(1)}, place ${e2e.steps?.place.toFixed(1)} ms); bare transaction ${bare.ordersPerSecond.toFixed(0)} orders/s (p50 ${bare.p50.toFixed(2)} ms)`,
    });
    checks.push({
      name: 'B10 zero oversold units',
      ok: inv.oversoldUnits === 0 && inv.negativeProducts === 0 && inv.productsNotAddingUp === 0 && flash.remainingAfter === 0 && flash.paidUnits === flash.units,
      detail: `flash sale ${flash.paidUnits}/${flash.units} units paid, remaining ${flash.remainingAfter}, outcomes ${JSON.stringify(flash.outcomes)}; loads: ${inv.oversoldUnits} oversold, ${inv.productsNotAddingUp} options not adding up`,
    });
    checks.push({ name: 'B10 vouchers = paid units', ok: inv.vouchers === inv.paidUnits && inv.vouchers > 0, detail: `${inv.vouchers} vouchers, ${inv.paidUnits} paid units` });
    return { placeOrder: place, endToEnd: e2e, bare, flash, invariants: inv, ratio: place.ordersPerSecond / bare.ordersPerSecond, goal, checks };
  } finally {
    await db.end();
    shop.kill('SIGTERM');
    await new Promise((r) => shop.once('exit', r));
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const result = await benchOrders({
    adminUrl,
    seconds: arg('seconds', 10),
    concurrency: arg('concurrency', 16),
    port: arg('port', 4597),
    log: (m) => process.stderr.write(`[bench] ${m}\n`),
  });
  const report = { when: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.versions.node }, B10: result };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', `orders-${report.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(report, null, 2));
  for (const c of result.checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  const failed = result.checks.filter((c) => !c.ok).length;
  console.log(`${result.checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
