// `npm run bench`: seeds (or reuses) a catalogue on PostgreSQL and measures, in one run, each
// figure of issue #2 against a baseline from the same run. Results go to bench/results/*.json.
//
//   B1  gateway overhead: the homepage GraphQL query vs the same data fetched straight from the
//       deals REST API (the calls the page needs, in parallel), at 32 concurrent clients.
//   B3  REST calls per homepage query for pages of 9, 24 and 48 deals (must be identical).
//   W1  REST calls per /wishlist query for wish lists of 1, 25 and 50 deals (must be identical; issue 19).
//   B7  keyset paging: page 50 of a category vs page 1 (p50 ratio).
//   B9  first load of the built client: gzipped JS the homepage loads before interaction.
//   B6  search (bench/search.ts): search and suggestions through the search REST API at 16
//       concurrent clients, indexing time, and the ratio to an unindexed ILIKE scan.
//   V1  My Vouchers (bench/vouchers.ts, issue 16): a shopper's first page of 500 vouchers vs the
//       same shopper's order page (p95 ratio), and REST calls per vouchers page for 1, 10 and 20.
//   R1  CSV redemption (bench/redemptions.ts, issue 17): a file of 10,000 codes through the vouchers
//       service in process, codes a second, beside the bare conditional update of one voucher.
//   M1  the map view (bench/map.ts, issue 19 point 4): the deals of a box at zoom 11 over Glasgow vs
//       a page of the Glasgow category list (p95 ratio), one REST call each, the GiST index plan.
//
// Options: --deals N (default 100000), --seconds S per measured round (default 8), --concurrency C (32),
// --voucher-requests N (V1's timed requests of each page, default 200).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { benchSearch } from './search.ts';
import { benchVouchers } from './vouchers.ts';
import { benchRedemptions } from './redemptions.ts';
import { benchMap } from './map.ts';
import { clientOperation, createStaffKey, operationBody, type Operation } from './graphql-access.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DEALS = arg('deals', 100_000);
const SECONDS = arg('seconds', 8);
const CONCURRENCY = arg('concurrency', 32);
const PORT = arg('port', 4599);
const TOKEN = 'bench-service-token';
const base = `http://127.0.0.1:${PORT}`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8'));

function log(msg: string) {
  process.stderr.write(`[bench] ${msg}\n`);
}

/**
 * The operations the shipped client sends for the homepage, read from the Relay compiler's
 * artifacts (npm run bench builds the client first): the location layout (navigation) and the
 * homepage (featured deal and the first page of deals). The browser sends both in parallel.
 */
const LAYOUT_QUERY = clientOperation(root, 'LocationLayoutQuery');
const HOMEPAGE_QUERY = clientOperation(root, 'HomePageQuery');
/** The heart's mutation and the /wishlist page's query (issue 19 point 1), as the client sends them. */
const WISHLIST_ADD = clientOperation(root, 'WishlistHeartAddMutation');
const WISHLIST_PAGE_QUERY = clientOperation(root, 'WishlistPageQuery');
/** Authorization for the bench's own operations (not the client's): set once the shop is up. */
let staffAuth: Record<string, string> = {};
const HOME_PAGE_SIZE = 9; // spec §9: 9 deals per page, as the client asks

const CATEGORY_PAGE_QUERY = /* GraphQL */ `
  query BenchCategory($slug: String!, $category: String!, $first: Int!, $after: String) {
    location(slug: $slug) {
      deals(first: $first, after: $after, category: $category) {
        pageInfo { hasNextPage endCursor }
        edges { node { id dealId title price { formatted } } }
      }
    }
  }`;

async function gql(query: Operation, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(typeof query === 'string' ? staffAuth : {}), ...headers },
    body: operationBody(query, variables),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields
  const body = (await res.json()) as { data?: any; errors?: unknown[] };
  if (!res.ok || body.errors) throw new Error(`GraphQL failed: ${res.status} ${JSON.stringify(body.errors)}`);
  return { body, headers: res.headers };
}

async function rest(path: string) {
  const res = await fetch(`${base}/api/deals${path}`, { headers: { 'x-service-token': TOKEN, accept: 'application/json' } });
  if (!res.ok) throw new Error(`REST ${path} → ${res.status}`);
  return res.json();
}

/** The homepage as the browser loads it through the gateway: both route queries in parallel. */
async function gatewayHomepage(first: number) {
  const [layout, home] = await Promise.all([
    gql(LAYOUT_QUERY, { location: 'glasgow' }),
    gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first }),
  ]);
  return { layout, home };
}

/** What a client that skips the gateway must do for the same homepage data. */
async function directHomepage(first: number) {
  const [location, navigation, featured, deals] = await Promise.all([
    rest('/locations/glasgow'),
    rest('/navigation/glasgow?range=1-30'),
    rest('/deals/glasgow?pageSize=1&page=0&sort=discountPercentage'),
    rest(`/deals/glasgow?pageSize=${first}&page=0&sort=popularity`),
  ]);
  return { location, navigation, featured, deals };
}

async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `shop_bench_${DEALS}`;
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startShop(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'gateway', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SERVICE_TOKEN: TOKEN, NODE_ENV: 'production', SEED_DEALS: String(DEALS), EXPOSE_REST_CALLS: '1',
      // B1, B3 and B7 measure the resolving path; the anonymous response cache (gateway/src/response-cache.ts) would answer their repeats from memory.
      RESPONSE_CACHE_TTL_MS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('shop did not start');
}

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** Closed-loop load: `concurrency` clients each repeat `op` back to back for `seconds`. */
async function load(op: () => Promise<unknown>, seconds: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function benchGatewayOverhead() {
  const gatewayOp = () => gatewayHomepage(HOME_PAGE_SIZE);
  const directOp = () => directHomepage(HOME_PAGE_SIZE);
  log(`B1 warm-up`);
  await load(gatewayOp, 2, CONCURRENCY);
  await load(directOp, 2, CONCURRENCY);
  // ABBA rounds, gate on the median of the per-round ratios (performance.md §3.1).
  const rounds: { gateway: LoadResult; direct: LoadResult }[] = [];
  for (let i = 0; i < 3; i++) {
    log(`B1 round ${i + 1}/3`);
    const a1 = await load(gatewayOp, SECONDS / 2, CONCURRENCY);
    const b1 = await load(directOp, SECONDS / 2, CONCURRENCY);
    const b2 = await load(directOp, SECONDS / 2, CONCURRENCY);
    const a2 = await load(gatewayOp, SECONDS / 2, CONCURRENCY);
    const merge = (x: LoadResult, y: LoadResult): LoadResult => ({
      requests: x.requests + y.requests,
      errors: x.errors + y.errors,
      rps: (x.rps + y.rps) / 2,
      p50: (x.p50 + y.p50) / 2,
      p99: (x.p99 + y.p99) / 2,
    });
    rounds.push({ gateway: merge(a1, a2), direct: merge(b1, b2) });
  }
  const latencyRatio = median(rounds.map((r) => r.gateway.p50 / r.direct.p50));
  const throughputRatio = median(rounds.map((r) => r.gateway.rps / r.direct.rps));
  return { concurrency: CONCURRENCY, pageSize: HOME_PAGE_SIZE, rounds, latencyRatio, throughputRatio, goal: goals.B1 };
}

async function benchRestCalls() {
  const counts: Record<string, number> = {};
  for (const first of [9, 24, 48]) {
    const { headers } = await gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first });
    counts[first] = Number(headers.get('x-rest-calls') ?? NaN);
  }
  const values = Object.values(counts);
  return { counts, identical: values.every((v) => v === values[0] && Number.isFinite(v)) };
}

/**
 * W1: a guest's wish list of 1, 25 and 50 deals (hearted one by one with the client's mutation,
 * the list's id in its cookie), then the /wishlist page's query: the REST calls behind it must
 * not grow with the list (one wishlist call, one batched deals call).
 */
async function benchWishlistCalls() {
  // 50 deal ids: two pages (a page holds at most 48).
  const ids: number[] = [];
  let after: string | null = null;
  while (ids.length < 50) {
    const { body } = await gql(`query($after: String) { location(slug: "glasgow") { deals(first: 48, after: $after) { edges { node { dealId } } pageInfo { endCursor } } } }`, { after });
    ids.push(...(body.data.location.deals.edges as { node: { dealId: number } }[]).map((e) => e.node.dealId));
    after = body.data.location.deals.pageInfo.endCursor;
  }
  const counts: Record<string, number> = {};
  for (const size of [1, 25, 50]) {
    let cookie = '';
    for (const dealId of ids.slice(0, size)) {
      const { headers } = await gql(WISHLIST_ADD, { input: { dealId } }, cookie ? { cookie } : {});
      const set = headers.getSetCookie().find((c) => c.startsWith('wishlist_id='));
      if (set) cookie = set.split(';')[0]!;
    }
    const { body: page, headers } = await gql(WISHLIST_PAGE_QUERY, { first: 50 }, { cookie });
    if (page.data.wishlist?.count !== size) throw new Error(`W1: a wish list of ${size} answered ${page.data.wishlist?.count}`);
    counts[size] = Number(headers.get('x-rest-calls') ?? NaN);
  }
  const values = Object.values(counts);
  return { counts, identical: values.every((v) => v === values[0] && Number.isFinite(v)) };
}

async function benchPaging() {
  const vars = { slug: 'glasgow', category: 'restaurants-food', first: 24 };
  let after: string | null = null;
  const cursors: (string | null)[] = [null];
  for (let page = 1; page < 50; page++) {
    const { body } = await gql(CATEGORY_PAGE_QUERY, { ...vars, after });
    const info = body.data.location.deals.pageInfo;
    if (!info.hasNextPage) break;
    after = info.endCursor;
    cursors.push(after);
  }
  const lastPage = cursors.length;
  const page50 = cursors[cursors.length - 1] ?? null;
  const time = async (cursor: string | null) => {
    const t = performance.now();
    await gql(CATEGORY_PAGE_QUERY, { ...vars, after: cursor });
    return performance.now() - t;
  };
  const p1: number[] = [];
  const pN: number[] = [];
  for (let i = 0; i < 20; i++) {
    await time(null); // warm-up
    await time(page50);
  }
  // Alternate the order so neither page always runs second.
  for (let i = 0; i < 200; i++) {
    const order = i % 2 ? [null, page50] : [page50, null];
    for (const cursor of order) (cursor === null ? p1 : pN).push(await time(cursor));
  }
  return { page: lastPage, p50Page1: median(p1), p50PageN: median(pN), ratio: median(pN) / median(p1), goal: goals.B7 };
}

/**
 * B9: loads the homepage in Chromium, exactly as a first-time visitor (empty cache), and adds up
 * the gzipped size of every script it fetches before the page is idle: the entry, its preloads and
 * the lazy route chunks the homepage needs.
 */
async function benchBundle() {
  const { chromium } = await import('playwright-core');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    const scripts: Promise<[string, number]>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => [new URL(res.url()).pathname, gzipSync(b).length]));
    });
    await page.goto(`${base}/deals/glasgow`, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Deals' }).waitFor();
    const entries = Object.fromEntries(await Promise.all(scripts));
    const gz = Object.values(entries).reduce((a, b) => a + b, 0);
    return { initialJsGzipKb: Math.round((gz / 1024) * 10) / 10, entries, goal: goals.B9 };
  } finally {
    await browser.close();
  }
}

async function main() {
  const databaseUrl = await prepareDatabase();
  log(`database ${databaseUrl.replace(/\/\/[^@]*@/, '//')} with ${DEALS} deals (seeded on first use)`);
  const seedStart = Date.now();
  const shop = await startShop(databaseUrl);
  staffAuth = { authorization: `Bearer ${await createStaffKey(base, TOKEN, 'bench-run')}` };
  const startupSeconds = (Date.now() - seedStart) / 1000;
  const results: Record<string, unknown> = {};
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  try {
    const calls = await benchRestCalls();
    results.B3 = calls;
    checks.push({ name: 'B3 REST calls identical for 9/24/48', ok: calls.identical, detail: JSON.stringify(calls.counts) });
    const wishlistCalls = await benchWishlistCalls();
    results.W1 = wishlistCalls;
    checks.push({ name: 'W1 REST calls identical for wish lists of 1/25/50', ok: wishlistCalls.identical, detail: JSON.stringify(wishlistCalls.counts) });

    const b1 = await benchGatewayOverhead();
    results.B1 = b1;
    checks.push({
      name: `B1 gateway p50 ≤ ${goals.B1.latencyRatioMax}× direct REST at c=${CONCURRENCY}`,
      ok: b1.latencyRatio <= goals.B1.latencyRatioMax,
      detail: `ratio ${b1.latencyRatio.toFixed(2)}, throughput ratio ${b1.throughputRatio.toFixed(2)}`,
    });

    const b7 = await benchPaging();
    results.B7 = b7;
    checks.push({ name: `B7 page ${b7.page} ≤ ${goals.B7.ratioMax}× page 1`, ok: b7.ratio <= goals.B7.ratioMax, detail: `ratio ${b7.ratio.toFixed(2)} (${b7.p50PageN.toFixed(2)} ms vs ${b7.p50Page1.toFixed(2)} ms)` });

    const b9 = await benchBundle();
    results.B9 = b9;
    checks.push({ name: `B9 homepage first-load JS ≤ ${goals.B9.initialJsGzipKbMax} KB gz`, ok: b9.initialJsGzipKb <= goals.B9.initialJsGzipKbMax, detail: `${b9.initialJsGzipKb} KB in ${Object.keys(b9.entries).length} scripts` });
  } finally {
    shop.kill('SIGTERM');
  }

  // B6 runs the search service on its own, once the shop has stopped.
  const b6 = await benchSearch({ adminUrl, deals: DEALS, seconds: SECONDS, log });
  results.B6 = b6;
  checks.push(...b6.checks);

  // V1 starts a shop of its own on a throwaway database (its shopper buys 500 vouchers first).
  const v1 = await benchVouchers({ adminUrl, vouchers: goals.V1.vouchers, requests: arg('voucher-requests', 200), concurrency: 1, port: PORT - 1, log });
  results.V1 = v1;
  checks.push(...v1.checks);

  // R1 runs the vouchers service in this process on a throwaway database of its own.
  const redemptions = await benchRedemptions({ adminUrl, codes: goals.R1.codes, rounds: 3, bare: 2_000, log });
  results.R1 = redemptions;
  checks.push(...redemptions.checks);

  // M1 (issue 19 point 4) starts the shop again on the same catalogue: the map view's box vs a category page.
  const m1 = await benchMap({ adminUrl, deals: DEALS, requests: 300, port: PORT - 2, log });
  results.M1 = m1;
  checks.push(...m1.checks);

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.versions.node },
    database: 'postgresql',
    deals: DEALS,
    startupSeconds,
    results,
    checks,
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `${report.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  writeFileSync(join(root, 'bench', 'results', 'latest.json'), JSON.stringify(report, null, 2));
  for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  console.log(`results: ${file}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
