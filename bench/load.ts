// Load benchmarks of reliability.md part C, each against a shop process of its own on PostgreSQL,
// with the figures written to bench/results/load-<name>-latest.json:
//
//   L2  browse baseline: 50 connections for 30 s, each sending the client's persisted browse queries
//       one after another (LocationLayoutQuery, HomePageQuery, DealPageQuery), the latency taken per
//       query as autocannon does. Goal: p95 < 300 ms, zero errors (and the figures are the baseline later
//       runs compare with: a p95 more than 30 % above bench/results/load-l2-baseline.json fails).
//   L1  flash sale end to end: 200 guest buyers for one option with 10 units, each adding it to a
//       basket and placing an order by card at once, the Braintree sandbox answering each sale after
//       a random 50–300 ms. Goal: exactly 10 PAID, 190 clean sold-out answers, zero 5xx, p95 of
//       the sold-out answer < 1 s, the units sold and none held.
//   L4  slow provider (the bulkhead): 10 clients browsing while 20 buy as guests for --seconds,
//       twice: with every sale answered in 50 ms, then with 30 % of them held to 2,500 ms (the
//       sandbox's fault control). Goal: the browse p95 of the slow run within 1.3x (or 50 ms) of
//       the fast run's, zero 5xx, no PostgreSQL session idle in a transaction for more than 500 ms
//       at any sample (no connection or row lock held while the provider thinks), memory growth
//       < 50 MiB. Orders may be answered pending (the provider's deadline) or refused at once by
//       the payment service's circuit breaker: both are clean answers, counted.
//   L5  bounded soak: 10 clients browsing and buying (one guest order in ten requests) for
//       --soak-minutes (default 3; reliability.md asks 10 on the nightly tier). Goal: zero 5xx, the
//       shop's memory after warm-up grows < 50 MiB, open file descriptors flat, the p95 of the last
//       minute within 1.5x of the first, and the stock invariants hold at the end.
//
// `node bench/load.ts [l1] [l2] [l4] [l5] [--seconds 30] [--soak-minutes 3]` (all four by default).
// BENCH_DATABASE_URL or TEST_DATABASE_URL names the server (default the machine's, database test).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { clientOperation, operationBody, type Operation } from './graphql-access.ts';
import { arg, closedLoop, figures, HttpError, openFds, postgresDatabase, r1, root, rssMiB, startShopProcess, stopShopProcess, type LatencyFigures } from './lib.ts';

const PORT = arg('port', 4891);
const SECONDS = arg('seconds', 30);
const SOAK_MINUTES = arg('soak-minutes', 3);
const base = `http://127.0.0.1:${PORT}`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MERCHANT_KEY = randomBytes(18).toString('base64url');
const which = new Set(process.argv.slice(2).filter((a) => /^l\d$/.test(a)));
const run = (name: string) => which.size === 0 || which.has(name);

function log(msg: string) {
  process.stderr.write(`[bench load] ${msg}\n`);
}

// The client's operations go by their persisted id, as the SPA sends them.
const LAYOUT_QUERY = clientOperation(root, 'LocationLayoutQuery');
const HOMEPAGE_QUERY = clientOperation(root, 'HomePageQuery');
const DEAL_QUERY = clientOperation(root, 'DealPageQuery');
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename
  ... on OrderPlaced { order { orderNumber status } }
  ... on StockError { code }
  ... on UserError { code message } } }`;

/** One shopper's browser: its own cookies (the basket) and address. */
class Shopper {
  cookies = new Map<string, string>();
  readonly ip: string;
  constructor(ip: string) {
    this.ip = ip;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields
  async gql(operation: Operation, variables: Record<string, unknown>): Promise<any> {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...(process.env.BENCH_IDENTITY ? { 'accept-encoding': 'identity' } : {}),
        'x-forwarded-for': this.ip,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: operationBody(operation, variables),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const body = (await res.json().catch(() => ({}))) as { data?: unknown; errors?: unknown[] };
    if (!res.ok || body.errors) throw new HttpError(res.status, `GraphQL ${res.status} ${JSON.stringify(body.errors)}`);
    return body.data;
  }
}

let ipCounter = 0;
/** Another client address for each shopper (documentation ranges, so never a real host). */
const nextIp = () => {
  const n = (ipCounter += 1);
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
};

async function browse(shopper: Shopper, dealIds: string[], i: number) {
  await Promise.all([shopper.gql(LAYOUT_QUERY, { location: 'glasgow' }), shopper.gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first: 9 })]);
  await shopper.gql(DEAL_QUERY, { dealId: dealIds[i % dealIds.length] });
}

interface Option {
  dealId: number;
  productId: number;
  pricePence: number;
}

async function buyableOptions(db: pg.Client, count: number): Promise<Option[]> {
  const { rows } = await db.query(
    `select distinct on (p.deal_id) p.deal_id, p.id, p.price_pence from deals.product p join deals.deal d on d.id = p.deal_id
     where not p.disabled and not p.vip_exclusive and not d.vip_exclusive and not d.price_per_person
       and p.deposit_price_pence is null and p.postage_pence is null
       and (d.closing_date is null or d.closing_date > now() + interval '2 days')
     order by p.deal_id, p.id limit $1`,
    [count],
  );
  return rows.map((r) => ({ dealId: Number(r.deal_id), productId: Number(r.id), pricePence: Number(r.price_pence) }));
}

async function buy(shopper: Shopper, option: Option, tag: string) {
  await shopper.gql(ADD, { i: { dealId: option.dealId, productId: option.productId, quantity: 1 } });
  const data = await shopper.gql(PLACE, {
    i: { idempotencyKey: `${tag}-${randomBytes(6).toString('hex')}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', email: `${tag}@example.com`, expectedCashAmount: option.pricePence },
  });
  return data.placeOrder as { __typename: string; code?: string; order?: { status: string } };
}

/** The deal ids the homepage lists, for the deal-page requests. */
async function homepageDealIds(): Promise<string[]> {
  const data = await new Shopper(nextIp()).gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first: 9 });
  const ids = new Set<string>();
  // The client's homepage selects each deal's url, not its id: /deals/{location}/…/{dealId}/{slug}.html.
  JSON.stringify(data, (key, value) => {
    const id = key === 'url' && typeof value === 'string' ? /\/(\d+)\/[^/]+\.html$/.exec(value)?.[1] : undefined;
    if (id) ids.add(id);
    return value;
  });
  if (ids.size === 0) throw new Error('the homepage listed no deals');
  return [...ids];
}

/**
 * reliability.md L2's shape (autocannon's): 50 connections, each sending one persisted query after
 * another, the latency per query. The queries are a browse's (the layout and deal list of the
 * homepage, then a deal page), each connection starting at another point of the cycle.
 */
async function l2(dealIds: string[]) {
  log(`L2: 50 connections of deal-list and deal-page queries for ${SECONDS} s`);
  const shoppers = Array.from({ length: 50 }, () => new Shopper(nextIp()));
  const result = await closedLoop(SECONDS, 50, (client, i) => {
    const shopper = shoppers[client]!;
    const step = (i + client) % 3;
    if (step === 0) return shopper.gql(LAYOUT_QUERY, { location: 'glasgow' });
    if (step === 1) return shopper.gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first: 9 });
    return shopper.gql(DEAL_QUERY, { dealId: dealIds[Math.floor(i / 3) % dealIds.length] });
  });
  const baselineFile = join(root, 'bench', 'results', 'load-l2-baseline.json');
  const baseline = existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as { p95: number }) : null;
  const regression = baseline ? r1(result.p95 / baseline.p95) : null;
  const met = result.p95 < 300 && result.errors === 0 && (regression === null || regression <= 1.3);
  return { goal: 'p95 < 300 ms, zero errors, p95 within 1.3x of load-l2-baseline.json', result, baselineP95: baseline?.p95 ?? null, regression, met };
}

async function l1(db: pg.Client) {
  const UNITS = 10;
  const BUYERS = 200;
  const [option] = await buyableOptions(db, 1);
  await db.query(`update deals.product set remaining = $1, purchase_cap = null where id = $2`, [UNITS, option!.productId]);
  // The sandbox answers every sale after 50–300 ms (its fault control; PAYMENT_SANDBOX_FAULTS=1).
  await armSaleDelays(BUYERS, () => 50 + Math.floor(Math.random() * 250));
  log(`L1: ${BUYERS} buyers for ${UNITS} units`);
  const shoppers = Array.from({ length: BUYERS }, () => new Shopper(nextIp()));
  await Promise.all(shoppers.map((s) => s.gql(ADD, { i: { dealId: option!.dealId, productId: option!.productId, quantity: 1 } })));
  const soldOut: number[] = [];
  const paid: number[] = [];
  let serverErrors = 0;
  let other = 0;
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (s, i) => {
      const t = performance.now();
      try {
        const data = await s.gql(PLACE, {
          i: { idempotencyKey: `l1-${i}-${randomBytes(6).toString('hex')}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', email: `l1.${i}@example.com`, expectedCashAmount: option!.pricePence },
        });
        const answer = data.placeOrder;
        if (answer.__typename === 'OrderPlaced' && answer.order.status === 'PAID') paid.push(performance.now() - t);
        else if (answer.__typename === 'StockError') soldOut.push(performance.now() - t);
        else other++;
      } catch (error) {
        if (error instanceof HttpError && error.status >= 500) serverErrors++;
        else other++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await fetch(`${base}/sandbox/braintree/__faults`, { method: 'DELETE' });
  const product = await db.query(`select remaining from deals.product where id = $1`, [option!.productId]);
  const held = await db.query(`select count(*)::int as n from deals.stock_hold where product_id = $1 and order_id is null`, [option!.productId]);
  const result = {
    paid: paid.length,
    soldOut: soldOut.length,
    other,
    serverErrors,
    soldOutAnswer: figures(soldOut, 0, 0, seconds),
    paidAnswer: figures(paid, 0, 0, seconds),
    remaining: product.rows[0].remaining as number,
    heldAfter: held.rows[0].n as number,
  };
  const met = result.paid === UNITS && result.soldOut === BUYERS - UNITS && serverErrors === 0 && other === 0 && result.soldOutAnswer.p95 < 1000 && result.remaining === 0 && result.heldAfter === 0;
  return { goal: `exactly ${UNITS} PAID, ${BUYERS - UNITS} sold-out answers, zero 5xx, sold-out p95 < 1 s, none left or held`, result, met };
}

/** Arms the sandbox (its fault control; PAYMENT_SANDBOX_FAULTS=1): the next `count` sales each answer after `delayMs()`. */
async function armSaleDelays(count: number, delayMs: () => number) {
  await fetch(`${base}/sandbox/braintree/__faults`, { method: 'DELETE' });
  for (let i = 0; i < count; i++) {
    const armed = await fetch(`${base}/sandbox/braintree/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'delay-ms', delayMs: delayMs(), route: 'sale', times: 1 }) });
    if (!armed.ok) throw new Error(`arming the sandbox delay: ${armed.status}`);
  }
}

async function l4(db: pg.Client, pid: number, dealIds: string[]) {
  const options = await buyableOptions(db, 20);
  for (const o of options) await db.query(`update deals.product set remaining = 100000, purchase_cap = null where id = $1`, [o.productId]);
  const browsers = Array.from({ length: 10 }, () => new Shopper(nextIp()));
  const phase = async (name: string, slowShare: number) => {
    // Sales answer after 50 ms, or after 2,500 ms for `slowShare` of them (at random).
    await armSaleDelays(2000, () => (Math.random() < slowShare ? 2500 : 50));
    log(`L4 ${name}: 10 clients browsing, 20 buying, ${Math.round(slowShare * 100)} % of sales held 2,500 ms, ${SECONDS} s`);
    // Sessions idle inside a transaction for over 500 ms: a connection (and its locks) held while waiting.
    let idleInTransactionMax = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and now() - state_change > interval '500 milliseconds'`);
        idleInTransactionMax = Math.max(idleInTransactionMax, rows[0].n as number);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const rssBefore = rssMiB(pid);
    let pending = 0;
    let refused = 0;
    const failures = new Map<string, number>();
    const [browsing, orders] = await Promise.all([
      closedLoop(SECONDS, 10, (client, i) => browse(browsers[client]!, dealIds, i)),
      closedLoop(SECONDS, 20, async (client, i) => {
        try {
          const answer = await buy(new Shopper(nextIp()), options[(client + i) % options.length]!, `l4-${name}-${client}-${i}`);
          if (answer.__typename === 'OrderPending') pending++;
          // The provider's circuit breaker (payment service, reliability P5) open after timeouts:
          // a clean, retryable refusal without waiting on the provider, as designed.
          else if (answer.__typename === 'PaymentError') refused++;
          else if (answer.__typename !== 'OrderPlaced') throw new Error(`order answered ${answer.__typename} ${answer.code ?? ''}`);
        } catch (error) {
          const message = error instanceof Error ? error.message.slice(0, 200) : String(error);
          failures.set(message, (failures.get(message) ?? 0) + 1);
          throw error;
        }
      }),
    ]);
    sampling = false;
    await sampler;
    await fetch(`${base}/sandbox/braintree/__faults`, { method: 'DELETE' });
    const rssAfter = rssMiB(pid);
    log(`L4 ${name}: browse p95 ${browsing.p95} ms, ${orders.requests} answers (${pending} pending, ${refused} refused by the open breaker), idle in transaction max ${idleInTransactionMax}`);
    return { browse: browsing, orders, failures: Object.fromEntries(failures), pendingAnswers: pending, paymentRefusals: refused, idleInTransactionMax, rssGrowthMiB: rssBefore !== null && rssAfter !== null ? r1(rssAfter - rssBefore) : null };
  };
  const fast = await phase('fast', 0);
  const slow = await phase('slow', 0.3);
  const p95Ratio = r1(slow.browse.p95 / fast.browse.p95);
  const met =
    (p95Ratio <= 1.3 || slow.browse.p95 - fast.browse.p95 <= 50) &&
    [fast, slow].every((p) => p.browse.serverErrors === 0 && p.orders.serverErrors === 0 && p.orders.errors === 0 && p.browse.errors === 0 && p.idleInTransactionMax === 0) &&
    (slow.rssGrowthMiB ?? 0) < 50;
  return { goal: 'browse p95 with 30 % of sales held 2,500 ms within 1.3x (or 50 ms) of the run with fast sales, zero errors, no session idle in a transaction > 500 ms, RSS growth < 50 MiB', fast, slow, p95Ratio, met };
}

async function l5(db: pg.Client, pid: number, dealIds: string[]) {
  const options = await buyableOptions(db, 20);
  for (const o of options) await db.query(`update deals.product set remaining = 100000, purchase_cap = null where id = $1`, [o.productId]);
  const minutes = Math.max(1, SOAK_MINUTES);
  log(`L5: 10 clients browsing and buying for ${minutes} min`);
  const perMinute: { minute: number; rssMiB: number | null; fds: number | null; browse: LatencyFigures; orders: number; orderFailures: number }[] = [];
  const shoppers = Array.from({ length: 10 }, () => new Shopper(nextIp()));
  for (let minute = 1; minute <= minutes; minute++) {
    let orders = 0;
    let orderFailures = 0;
    const browseFigures = await closedLoop(60, 10, async (client, i) => {
      const shopper = shoppers[client]!;
      if (i % 10 === 9) {
        // A guest order: a fresh basket each time.
        const buyer = new Shopper(shopper.ip);
        const answer = await buy(buyer, options[(client + i) % options.length]!, `l5-${minute}-${client}-${i}`).catch((e: unknown) => {
          orderFailures++;
          throw e;
        });
        if (answer.__typename === 'OrderPlaced') orders++;
        else orderFailures++;
        return;
      }
      await browse(shopper, dealIds, i);
    });
    perMinute.push({ minute, rssMiB: rssMiB(pid), fds: openFds(pid), browse: browseFigures, orders, orderFailures });
    log(`L5 minute ${minute}: p95 ${browseFigures.p95} ms, ${browseFigures.serverErrors} 5xx, RSS ${perMinute.at(-1)!.rssMiB} MiB, ${perMinute.at(-1)!.fds} fds, ${orders} orders`);
  }
  const negative = await db.query(`select count(*)::int as n from deals.product where remaining < 0`);
  const first = perMinute[0]!;
  const last = perMinute.at(-1)!;
  const serverErrors = perMinute.reduce((n, m) => n + m.browse.serverErrors, 0);
  const rssGrowth = first.rssMiB !== null && last.rssMiB !== null ? r1(last.rssMiB - first.rssMiB) : null;
  const fdGrowth = first.fds !== null && last.fds !== null ? last.fds - first.fds : null;
  const p95Ratio = r1(last.browse.p95 / first.browse.p95);
  const met = serverErrors === 0 && (rssGrowth ?? 0) < 50 && (fdGrowth ?? 0) <= 20 && p95Ratio <= 1.5 && negative.rows[0].n === 0 && perMinute.every((m) => m.orderFailures === 0);
  return { goal: 'zero 5xx, RSS growth after the first minute < 50 MiB, open files flat (<= +20), last-minute p95 <= 1.5x the first, no order failed, stock invariants hold', perMinute, rssGrowthMiB: rssGrowth, fdGrowth, p95Ratio, serverErrors, met };
}

const databaseUrl = await postgresDatabase(adminUrl, 'shop_bench_load');
const shop = await startShopProcess(PORT, {
  DATABASE_URL: databaseUrl,
  SEED_DEALS: '300',
  TRUST_PROXY: '1',
  PAYMENT_SANDBOX_FAULTS: '1',
  PAYMENT_MERCHANT_KEY: MERCHANT_KEY,
  DB_POOL_SIZE: '16',
});
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const report: Record<string, unknown> = { when: new Date().toISOString(), cpus: cpus().length, cpu: cpus()[0]?.model, database: 'PostgreSQL' };
try {
  const dealIds = await homepageDealIds();
  if (run('l2')) report.L2 = await l2(dealIds);
  if (run('l1')) report.L1 = await l1(db);
  if (run('l4')) report.L4 = await l4(db, shop.pid!, dealIds);
  if (run('l5')) report.L5 = await l5(db, shop.pid!, dealIds);
} finally {
  await db.end();
  await stopShopProcess(shop);
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
for (const name of ['L1', 'L2', 'L4', 'L5']) {
  if (report[name]) writeFileSync(join(root, 'bench', 'results', `load-${name.toLowerCase()}-latest.json`), JSON.stringify({ when: report.when, cpus: report.cpus, cpu: report.cpu, ...(report[name] as object) }, null, 2) + '\n');
}
console.log(JSON.stringify(report, null, 2));
const failed = ['L1', 'L2', 'L4', 'L5'].filter((n) => report[n] && !(report[n] as { met: boolean }).met);
if (failed.length) {
  log(`goals not met: ${failed.join(', ')}`);
  process.exitCode = 1;
}
