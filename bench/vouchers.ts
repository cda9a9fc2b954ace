// V1 (issue 16, "Figures"): My Vouchers for a shopper who holds 500 vouchers, against the same
// shopper's order page, measured in the same run; and the REST calls a page of vouchers costs.
//
//   node bench/vouchers.ts [--vouchers 500] [--requests 200] [--concurrency 1] [--port 4598]
//
// It creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL, default TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test), starts the shop on it as in production
// (`node gateway/src/main.ts`, NODE_ENV=production, 400 seeded deals, EXPOSE_REST_CALLS=1 for the
// x-rest-calls header, OUTBOX_PAGE=1 to read the confirmation email), and then:
//
//   1. Signs a shopper up through GraphQL (`register`, the emailed link, `confirmEmail`, which
//      signs in: the session cookie), as a browser would, with its own cookies.
//   2. Buys the vouchers through the real API as that shopper: orders of 10 units (addToBasket,
//      checkout, placeOrder by card with the Braintree sandbox's `fake-valid-nonce`), over a few
//      voucher options given a million units and no purchase cap. 500 vouchers = 50 orders.
//      Checked in the database afterwards: every order PAID and held by the shopper, one
//      succeeded card charge per order for its cash amount, vouchers = units bought, all held.
//   3. Checks what the shopper sees: My Vouchers counts them all, the list walked to its end 20 at
//      a time gives each voucher once with the database's codes, the order page shows its 10.
//   4. REST calls (x-rest-calls) of the client's own operations: MyVouchersPageQuery (10 a page),
//      VoucherListPaginationQuery ("Show more vouchers") with first 1, 10 and 20 from the start and
//      first 10 after a cursor, and the order page: the vouchers pages must all cost the same.
//   5. Times, alternating (ABBA, so any outside load falls on both alike), `--requests` of each:
//      (a) My Vouchers' first page, the client's persisted MyVouchersPageQuery, and (b) the same
//      shopper's order page, the client's persisted ConfirmationPageQuery for one of their orders
//      (10 vouchers). Goal: p95(a) ≤ 1.2 × p95(b) (bench/goals.json V1).
//
// The measured requests go exactly as the browser sends them: the persisted id and the session
// cookie, no staff key (the bench's own set-up operations use one, bench/graphql-access.ts).
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BUYING_OPERATIONS, clientOperation, createStaffKey, operationBody, type Operation } from './graphql-access.ts';
import { arg, figures, payableByCard, r1, root, startShopProcess, stopShopProcess, throwawayDatabase, type LatencyFigures } from './lib.ts';

/** GraphQL answers: the bench reads a few known fields and checks their typenames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Json = any;

const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8'));
const TOKEN = 'bench-vouchers-token';
/** Units per order: the order page then shows 10 vouchers, as many as My Vouchers' first page. */
const UNITS_PER_ORDER = 10;
/** Voucher options bought (one per deal), round robin. */
const OPTIONS = 5;
const PASSWORD = 'Vouchers-bench-2026!';
/** Page sizes whose REST calls must be the same (My Vouchers: 10; the find feed: 20). */
const PAGE_SIZES = [1, 10, 20] as const;
const WARM_UP = 20;

export interface VouchersBenchOptions {
  adminUrl: string;
  /** Vouchers the shopper holds (default 500). */
  vouchers: number;
  /** Timed requests of each page (default 200). */
  requests: number;
  /** Clients timing at once, each alternating the two pages (default 1). */
  concurrency: number;
  port: number;
  log: (message: string) => void;
}

const REGISTER = /* GraphQL */ `
  mutation BenchVouchersRegister($input: RegisterInput!) { register(input: $input) { __typename } }`;
const CONFIRM = /* GraphQL */ `
  mutation BenchVouchersConfirm($t: String!) { confirmEmail(input: { token: $t }) { __typename ... on LoginSuccess { viewer { id } } } }`;

interface Answer {
  data: Json;
  /** The gateway's x-rest-calls: REST calls this GraphQL request made. */
  restCalls: number;
}

/** A signed-in browser: its own cookies; the bench's own operations (text) with the staff key. */
class Shopper {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  private readonly staffKey: string;
  constructor(base: string, staffKey: string) {
    this.base = base;
    this.staffKey = staffKey;
  }

  /** `requestId`: sent as x-request-id, which the gateway passes on to every REST call it makes. */
  async op(operation: Operation, variables: Record<string, unknown> = {}, requestId?: string): Promise<Answer> {
    const res = await fetch(`${this.base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(requestId ? { 'x-request-id': requestId } : {}),
        accept: 'application/graphql-response+json',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        // Only the bench's own operations carry the key; the client's go by persisted id alone.
        ...(typeof operation === 'string' ? { authorization: `Bearer ${this.staffKey}` } : {}),
      },
      body: operationBody(operation, variables),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await res.json()) as { data?: Json; errors?: unknown[] };
    if (!res.ok || body.errors?.length) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors).slice(0, 300)}`);
    return { data: body.data, restCalls: Number(res.headers.get('x-rest-calls') ?? NaN) };
  }

  async data(operation: Operation, variables: Record<string, unknown> = {}): Promise<Json> {
    return (await this.op(operation, variables)).data;
  }
}

/** Signs up through GraphQL and confirms by the emailed link, which signs in (the session cookie). */
async function signUp(base: string, shopper: Shopper): Promise<{ email: string; customerId: string }> {
  const email = `vouchers.bench.${Date.now().toString(36)}@example.com`;
  const registered = await shopper.data(REGISTER, { input: { email, password: PASSWORD, firstName: 'Voucher', lastName: 'Holder' } });
  if (registered.register.__typename !== 'RegisterAccepted') throw new Error(`register: ${registered.register.__typename}`);
  let token: string | undefined;
  for (let attempt = 0; attempt < 100 && !token; attempt++) {
    const res = await fetch(`${base}/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`outbox: ${res.status} (is OUTBOX_PAGE on?)`);
    const { messages } = (await res.json()) as { messages: Array<{ text: string }> };
    token = messages.map((m) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean);
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error(`no confirmation link for ${email}`);
  const confirmed = await shopper.data(CONFIRM, { t: token });
  if (confirmed.confirmEmail.__typename !== 'LoginSuccess') throw new Error(`confirmEmail: ${confirmed.confirmEmail.__typename}`);
  return { email, customerId: confirmed.confirmEmail.viewer.id as string };
}

/**
 * Voucher options a signed-in shopper can buy 10 of by card: no address, deposit, VIP, minimum
 * quantity or card-on-delivery limit (spec §5), one per deal.
 */
async function buyableOptions(db: pg.Pool, count: number): Promise<Array<{ dealId: number; productId: number }>> {
  const { rows } = await db.query(
    `select distinct on (d.id) p.id as "productId", p.deal_id as "dealId", p.price_pence as "price", d.subcategory_id as "subcategoryId"
       from deals.product p join deals.deal d on d.id = p.deal_id
      where not p.disabled and not p.vip_exclusive and not p.has_deposit and p.postage_pence is null
        and d.delivery_type = 'voucher' and not d.price_per_person and not d.high_fraud_risk
        and (d.closing_date is null or d.closing_date > now() + interval '1 day')
        and p.price_pence between 500 and 5000
      order by d.id, p.id`,
  );
  const byCard = (r: { price: number; subcategoryId: number | null }) => payableByCard(r.price * UNITS_PER_ORDER, false, r.subcategoryId);
  return rows.filter(byCard).slice(0, count).map((r) => ({ dealId: r.dealId as number, productId: r.productId as number }));
}

/** One order of `quantity` units of an option, through the API: its order number. */
async function buy(shopper: Shopper, option: { dealId: number; productId: number }, quantity: number): Promise<string> {
  const add = await shopper.data(BUYING_OPERATIONS.add, { input: { dealId: option.dealId, productId: option.productId, quantity } });
  if (add.addToBasket.__typename !== 'BasketUpdated') throw new Error(`addToBasket: ${add.addToBasket.code ?? add.addToBasket.__typename} ${add.addToBasket.message ?? ''}`);
  const co = await shopper.data(BUYING_OPERATIONS.checkout);
  if (co.checkout.__typename !== 'Checkout' || !co.checkout.canPay) throw new Error(`checkout: ${co.checkout.code ?? co.checkout.__typename} ${co.checkout.message ?? 'cannot pay'}`);
  const placed = await shopper.data(BUYING_OPERATIONS.place, {
    input: {
      idempotencyKey: randomUUID(),
      method: 'CREDIT_CARD',
      paymentToken: 'fake-valid-nonce',
      email: 'ignored-when-signed-in@example.com',
      expectedCashAmount: co.checkout.orderSummary.cashAmount.amount,
    },
  });
  const r = placed.placeOrder;
  if (r.__typename !== 'OrderPlaced' || r.order.status !== 'PAID' || r.order.quantity !== quantity) throw new Error(`placeOrder: ${r.code ?? r.__typename} ${r.message ?? JSON.stringify(r.order)}`);
  return r.order.orderNumber as string;
}

/** What the database says of the shopper's orders: all paid, one card charge each, the vouchers held. */
async function databaseTruth(db: pg.Pool, orderNumbers: string[]) {
  const orders = await db.query(
    `select count(*)::int as orders, count(*) filter (where status = 'PAID')::int as paid, count(distinct customer_token)::int as holders,
            bool_and(customer_token is not null) as signed_in, coalesce(sum(cash_amount), 0)::bigint as cash,
            array_agg(id::text) as ids, min(customer_token) as token
       from orders.orders where order_number = any($1)`,
    [orderNumbers],
  );
  const o = orders.rows[0];
  const units = await db.query(
    `select coalesce(sum(l.quantity), 0)::int as units from orders.order_line l join orders.orders o on o.id = l.order_id
      where o.order_number = any($1) and l.addon_type is null`,
    [orderNumbers],
  );
  const charges = await db.query(
    `select count(*)::int as charges, coalesce(sum(amount), 0)::bigint as amount from payment.charge
      where status = 'succeeded' and (order_ref = any($1) or order_ref = any($2))`,
    [o.ids ?? [], orderNumbers],
  );
  const vouchers = await db.query(
    `select count(*)::int as vouchers, count(*) filter (where customer_token = $2 and status = 'Ready to Redeem')::int as held,
            array_agg(code) as codes
       from vouchers.voucher where order_number = any($1)`,
    [orderNumbers, o.token],
  );
  const held = await db.query(`select count(*)::int as n from vouchers.voucher where customer_token = $1`, [o.token]);
  return {
    orders: o.orders as number,
    paidOrders: o.paid as number,
    holders: o.holders as number,
    signedIn: o.signed_in as boolean,
    cashPence: Number(o.cash),
    unitsBought: units.rows[0].units as number,
    succeededCharges: charges.rows[0].charges as number,
    chargedPence: Number(charges.rows[0].amount),
    vouchers: vouchers.rows[0].vouchers as number,
    vouchersHeldReady: vouchers.rows[0].held as number,
    vouchersOfHolder: held.rows[0].n as number,
    codes: new Set<string>(vouchers.rows[0].codes ?? []),
  };
}

/**
 * The REST calls of each labelled GraphQL request as the services logged them (`service METHOD
 * path`, customer tokens masked): every request log line with its request id, but the gateway's own.
 */
function callsInLog(file: string, requestIds: Record<string, string>): Record<string, string[]> {
  const byId = new Map(Object.entries(requestIds).map(([label, id]) => [id, label]));
  const calls: Record<string, string[]> = Object.fromEntries(Object.keys(requestIds).map((label) => [label, []]));
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { reqId?: string; service?: string; method?: string; path?: string; message?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const label = entry.reqId ? byId.get(entry.reqId) : undefined;
    if (!label || entry.message !== 'request' || entry.service === 'shop') continue;
    calls[label]!.push(`${entry.service} ${entry.method} ${entry.path?.replace(/[0-9a-f]{32,}/g, '…')}`);
  }
  return calls;
}

/** Times `a` and `b` alternately (ABBA per client), `requests` of each after a warm-up. */
async function alternate(requests: number, concurrency: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times = { a: [] as number[], b: [] as number[] };
  let errors = 0;
  const time = async (which: 'a' | 'b', into: number[] | null) => {
    const t = performance.now();
    try {
      await (which === 'a' ? a() : b());
      into?.push(performance.now() - t);
    } catch (error) {
      errors++;
      if (errors > 10) throw error;
    }
  };
  for (let i = 0; i < WARM_UP; i++) {
    await time('a', null);
    await time('b', null);
  }
  let pairs = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (let i = client; pairs < requests; i++) {
        pairs++;
        const order: Array<'a' | 'b'> = i % 2 ? ['b', 'a'] : ['a', 'b'];
        for (const which of order) await time(which, times[which]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { vouchersPage: figures(times.a, 0, 0, seconds), orderPage: figures(times.b, 0, 0, seconds), errors };
}

export async function benchVouchers(options: VouchersBenchOptions) {
  const { log } = options;
  const database = await throwawayDatabase(options.adminUrl, 'shop_bench_vouchers');
  const base = `http://127.0.0.1:${options.port}`;
  log(`V1 vouchers: throwaway database ${database.name}, shop on ${base}`);
  // The shop's request log (one line per request, each in-process service's too, as in production)
  // goes to a file: BENCH_SHOP_LOG, or a temporary one removed at the end.
  const logFile = process.env.BENCH_SHOP_LOG ?? join(tmpdir(), `${database.name}.log`);
  const logFd = openSync(logFile, 'w');
  let shop: ChildProcess;
  try {
    shop = await startShopProcess(
      options.port,
      { DATABASE_URL: database.url, SERVICE_TOKEN: TOKEN, NODE_ENV: 'production', SEED_DEALS: '400', EXPOSE_REST_CALLS: '1', OUTBOX_PAGE: '1' },
      logFd,
    );
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  } finally {
    closeSync(logFd);
  }
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  try {
    const staffKey = await createStaffKey(base, TOKEN, 'bench-vouchers');
    const MY_VOUCHERS = clientOperation(root, 'MyVouchersPageQuery');
    const MORE_VOUCHERS = clientOperation(root, 'VoucherListPaginationQuery');
    const ORDER_PAGE = clientOperation(root, 'ConfirmationPageQuery');

    const shopper = new Shopper(base, staffKey);
    const { customerId } = await signUp(base, shopper);
    const bought = await buyableOptions(db, OPTIONS);
    if (bought.length < OPTIONS) throw new Error(`only ${bought.length} voucher options a shopper can buy 10 of by card in the seed`);
    // Plenty of units and no per-customer cap: one shopper buys hundreds of each.
    await db.query(`update deals.product set remaining = 1000000, purchase_cap = null where id = any($1)`, [bought.map((o) => o.productId)]);

    const orderCount = Math.ceil(options.vouchers / UNITS_PER_ORDER);
    log(`V1 buying ${options.vouchers} vouchers: ${orderCount} orders of up to ${UNITS_PER_ORDER} through the API`);
    const orderNumbers: string[] = [];
    const buyingStarted = performance.now();
    for (let i = 0; i < orderCount; i++) {
      const quantity = Math.min(UNITS_PER_ORDER, options.vouchers - i * UNITS_PER_ORDER);
      orderNumbers.push(await buy(shopper, bought[i % bought.length]!, quantity));
    }
    const buyingSeconds = r1((performance.now() - buyingStarted) / 1000);
    const truth = await databaseTruth(db, orderNumbers);

    // What the shopper sees: all of them, each once, the database's codes; the order page's 10.
    const first = await shopper.op(MY_VOUCHERS, { status: null });
    const viewerId = first.data.viewer?.id as string | undefined;
    const firstPage = first.data.viewer?.vouchers;
    const seen = new Set<string>();
    const codes = new Set<string>();
    let after: string | null = null;
    let pagesWalked = 0;
    for (;;) {
      const answer: Json = await shopper.data(MORE_VOUCHERS, { id: viewerId, first: 20, after, status: null });
      const page = answer.node.vouchers as { edges: Array<{ node: { id: string; code: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      pagesWalked++;
      for (const e of page.edges) {
        seen.add(e.node.id);
        codes.add(e.node.code);
      }
      if (!page.pageInfo.hasNextPage || pagesWalked > options.vouchers) break;
      after = page.pageInfo.endCursor;
    }
    const sameCodes = codes.size === truth.codes.size && [...codes].every((c) => truth.codes.has(c));
    const orderNumber = orderNumbers[Math.floor(orderNumbers.length / 2)]!;
    const orderAnswer = await shopper.op(ORDER_PAGE, { orderNumber });
    const orderVouchers = (orderAnswer.data.order?.vouchers ?? []).length as number;

    // REST calls per request: the vouchers pages must not grow with the page size.
    // Each with its own x-request-id, so that the shop's request log (BENCH_SHOP_LOG) names the calls.
    const run = Date.now().toString(36);
    const counted: Array<[label: string, operation: Operation, variables: Record<string, unknown>]> = [
      ['MyVouchersPageQuery (10)', MY_VOUCHERS, { status: null }],
      ...PAGE_SIZES.map((size): [string, Operation, Record<string, unknown>] => [`VoucherListPaginationQuery first ${size}`, MORE_VOUCHERS, { id: viewerId, first: size, after: null, status: null }]),
      ['VoucherListPaginationQuery first 10 after page 1', MORE_VOUCHERS, { id: viewerId, first: 10, after: firstPage?.pageInfo.endCursor ?? null, status: null }],
      ['ConfirmationPageQuery (order page)', ORDER_PAGE, { orderNumber }],
    ];
    const restCalls: Record<string, number> = {};
    const requestIds: Record<string, string> = {};
    for (const [i, [label, operation, variables]] of counted.entries()) {
      requestIds[label] = `bench-rest-${run}-${i}`;
      restCalls[label] = (await shopper.op(operation, variables, requestIds[label])).restCalls;
    }
    const orderPageRestCalls = restCalls['ConfirmationPageQuery (order page)']!;
    delete restCalls['ConfirmationPageQuery (order page)'];
    // The same count another way: the services' own request log lines carrying each request's id.
    await new Promise((r) => setTimeout(r, 200));
    const loggedCalls = callsInLog(logFile, requestIds);
    const logAgrees = Object.entries(requestIds).every(([label]) => loggedCalls[label]?.length === (restCalls[label] ?? orderPageRestCalls));
    const callCounts = Object.values(restCalls);
    const constant = callCounts.every((n) => Number.isFinite(n) && n === callCounts[0]);

    log(`V1 timing My Vouchers' first page and order ${orderNumber}'s page alternately, ${options.requests} each at c=${options.concurrency}`);
    const timed = await alternate(
      options.requests,
      options.concurrency,
      async () => {
        const { data } = await shopper.op(MY_VOUCHERS, { status: null });
        if (data.viewer?.vouchers.edges.length !== Math.min(10, options.vouchers)) throw new Error('My Vouchers: not a full first page');
      },
      async () => {
        const { data } = await shopper.op(ORDER_PAGE, { orderNumber });
        if ((data.order?.vouchers.length ?? 0) !== Math.min(UNITS_PER_ORDER, options.vouchers)) throw new Error('order page: vouchers missing');
      },
    );
    const ratio = timed.vouchersPage.p95 / timed.orderPage.p95;
    const goal = goals.V1 as { p95RatioMax: number; vouchers: number; note: string };

    checks.push({
      name: `V1 My Vouchers first page p95 ≤ ${goal.p95RatioMax} × the order page p95 (${options.vouchers} vouchers, c=${options.concurrency})`,
      ok: timed.errors === 0 && ratio <= goal.p95RatioMax,
      detail: `ratio ${ratio.toFixed(2)}: My Vouchers p50 ${timed.vouchersPage.p50} ms, p95 ${timed.vouchersPage.p95} ms; order page p50 ${timed.orderPage.p50} ms, p95 ${timed.orderPage.p95} ms; ${timed.vouchersPage.requests} + ${timed.orderPage.requests} requests, ${timed.errors} errors`,
    });
    checks.push({
      name: `V1 REST calls per vouchers page identical for first ${PAGE_SIZES.join('/')}`,
      ok: constant && logAgrees,
      detail: `${JSON.stringify(restCalls)}; order page ${orderPageRestCalls}; the services' request log ${logAgrees ? 'agrees' : 'DISAGREES'}: ${Object.entries(loggedCalls).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}`,
    });
    const allBought =
      truth.orders === orderCount &&
      truth.paidOrders === orderCount &&
      truth.holders === 1 &&
      truth.signedIn &&
      truth.succeededCharges === orderCount &&
      truth.chargedPence === truth.cashPence &&
      truth.unitsBought === options.vouchers &&
      truth.vouchers === options.vouchers &&
      truth.vouchersHeldReady === options.vouchers &&
      truth.vouchersOfHolder === options.vouchers;
    checks.push({
      name: `V1 the shopper's ${options.vouchers} vouchers are real and all shown`,
      ok: allBought && viewerId === customerId && firstPage?.totalCount === options.vouchers && seen.size === options.vouchers && sameCodes && orderVouchers === Math.min(UNITS_PER_ORDER, options.vouchers),
      detail:
        `${truth.paidOrders}/${truth.orders} orders PAID (one holder), ${truth.succeededCharges} card charges for £${(truth.chargedPence / 100).toFixed(2)} of £${(truth.cashPence / 100).toFixed(2)} cash, ` +
        `${truth.vouchers} vouchers for ${truth.unitsBought} units (${truth.vouchersHeldReady} held, Ready to Redeem); ` +
        `My Vouchers totalCount ${firstPage?.totalCount}, walked ${seen.size} distinct in ${pagesWalked} pages of 20, codes ${sameCodes ? 'match' : 'DIFFER from'} the database; order page ${orderVouchers} vouchers`,
    });
    return {
      vouchers: options.vouchers,
      orders: orderCount,
      buyingSeconds,
      orderNumber,
      concurrency: options.concurrency,
      vouchersPage: timed.vouchersPage,
      orderPage: timed.orderPage,
      ratio: Math.round(ratio * 100) / 100,
      restCalls,
      orderPageRestCalls,
      loggedCalls,
      truth: { ...truth, codes: truth.codes.size },
      listed: { totalCount: firstPage?.totalCount, distinct: seen.size, pagesWalked, sameCodes, orderVouchers },
      goal,
      checks,
    };
  } finally {
    await db.end();
    await stopShopProcess(shop);
    await database.drop();
    if (!process.env.BENCH_SHOP_LOG) rmSync(logFile, { force: true });
  }
}

/** The figures as a table (stdout). */
function printVouchersTable(r: { buyingSeconds: number; orders: number; vouchers: number; vouchersPage: LatencyFigures; orderPage: LatencyFigures; ratio: number; restCalls: Record<string, number>; orderPageRestCalls: number; goal: { p95RatioMax: number } }) {
  const rows: Array<[string, string]> = [
    ['Vouchers bought through the API (set-up)', `${r.vouchers} in ${r.orders} orders, ${r.buyingSeconds} s`],
    ['My Vouchers first page (10) p50 / p95', `${r.vouchersPage.p50} / ${r.vouchersPage.p95} ms`],
    ['Order page (10 vouchers) p50 / p95', `${r.orderPage.p50} / ${r.orderPage.p95} ms`],
    [`p95 ratio (goal ≤ ${r.goal.p95RatioMax})`, r.ratio.toFixed(2)],
    ...Object.entries(r.restCalls).map(([k, v]): [string, string] => [`REST calls: ${k}`, String(v)]),
    ['REST calls: order page', String(r.orderPageRestCalls)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const result = await benchVouchers({
    adminUrl,
    vouchers: arg('vouchers', 500),
    requests: arg('requests', 200),
    concurrency: arg('concurrency', 1),
    port: arg('port', 4598),
    log: (m) => process.stderr.write(`[bench] ${m}\n`),
  });
  const report = { when: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.versions.node }, database: 'postgresql', V1: result };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', `vouchers-${report.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(report, null, 2));
  writeFileSync(join(root, 'bench', 'results', 'vouchers-latest.json'), JSON.stringify(report, null, 2));
  printVouchersTable(result);
  for (const c of result.checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  const failed = result.checks.filter((c) => !c.ok).length;
  console.log(`${result.checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
