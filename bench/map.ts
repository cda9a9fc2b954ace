// M1 (issue 19 point 4, "Figures"): the map view's deals of a box at zoom 11 over Glasgow, against
// a page of the Glasgow category list, measured in the same run on PostgreSQL with 100,000 deals.
//
//   node bench/map.ts [--deals 100000] [--requests 300] [--port 4597]
//
// It uses the catalogue database of `npm run bench` (shop_bench_<deals> on BENCH_DATABASE_URL,
// default TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), created and seeded
// by the shop's first start when missing (a few minutes for 100,000 deals); the shop's migrations
// give an existing one its map points (migration 2026_12_06_1000_deal_map_point). The shop runs as
// in production (NODE_ENV=production, the response cache off, EXPOSE_REST_CALLS=1), and then:
//
//   1. Checks the answers: the map's box holds more than 200 live deals, so the answer is the full
//      200 of spec §9's zoom 11 (desktop), nearest the centre; the category page has its 9 deals;
//      each is one REST call (x-rest-calls), and the map's calls are the same at zoom 14 (80 deals).
//   2. Reads the plan of the map's statement as the service runs it (EXPLAIN ANALYZE, bitmap scans
//      off): the GiST index scan on deals.deal.map_point nearest first, with no sort of the box.
//   3. Times, alternating ABBA (any outside load falls on both alike), `--requests` of each, one at
//      a time as one browser sends them: (a) the client's persisted MapResultsQuery for the box a
//      desktop map of 840 × 630 px shows at zoom 11 over Glasgow's centre, and (b) the client's
//      persisted CategoryPageQuery for /deals/glasgow/restaurants-food (its first page, 9 deals).
//      Goal: p95(a) ≤ 1.2 × p95(b) (bench/goals.json M1).
//
// Results: bench/results/map-latest.json.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DEALS_PAGE_SIZE } from '../domain/src/catalogue.ts';
import { mapDealsForZoom } from '../domain/src/map.ts';
import { clientOperation, operationBody, type Operation } from './graphql-access.ts';
import { arg, percentile, postgresDatabase, r1, root, startShopProcess, stopShopProcess } from './lib.ts';

const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8'));
const TOKEN = 'bench-map-token';
const WARM_UP = 30;

export interface MapBenchOptions {
  adminUrl: string;
  /** The catalogue's size (its database is shop_bench_<deals>, as `npm run bench`'s). */
  deals: number;
  /** Timed requests of each query (default 300). */
  requests: number;
  port: number;
  log: (msg: string) => void;
}

/** The box of a web-mercator map of w × h pixels at a zoom around a centre (what Leaflet reports). */
export function boxAround(lat: number, lon: number, zoom: number, w: number, h: number) {
  const scale = 256 * 2 ** zoom;
  const x = ((lon + 180) / 360) * scale;
  const s = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * scale;
  const lonOf = (px: number) => (px / scale) * 360 - 180;
  const latOf = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / scale))) * 180) / Math.PI;
  const round = (v: number, dir: 'down' | 'up') => (dir === 'down' ? Math.floor(v * 1000) : Math.ceil(v * 1000)) / 1000;
  return { west: round(lonOf(x - w / 2), 'down'), south: round(latOf(y + h / 2), 'down'), east: round(lonOf(x + w / 2), 'up'), north: round(latOf(y - h / 2), 'up') };
}

interface Answer {
  ms: number;
  restCalls: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields
  data: any;
}

async function send(base: string, operation: Operation, variables: Record<string, unknown>): Promise<Answer> {
  const t = performance.now();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-graphql-csrf': '1' },
    body: operationBody(operation, variables),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  const ms = performance.now() - t;
  if (!res.ok || body.errors) throw new Error(`GraphQL failed: ${res.status} ${JSON.stringify(body.errors)}`);
  return { ms, restCalls: Number(res.headers.get('x-rest-calls') ?? NaN), data: body.data };
}

export async function benchMap(options: MapBenchOptions) {
  const { adminUrl, deals: DEALS, requests: REQUESTS, port: PORT, log } = options;
  const base = `http://127.0.0.1:${PORT}`;
  const databaseUrl = await postgresDatabase(adminUrl, `shop_bench_${DEALS}`);
  log(`database ${new URL(databaseUrl).pathname.slice(1)} (seeded on first start: ${DEALS} deals)`);
  const shop: ChildProcess = await startShopProcess(PORT, {
    DATABASE_URL: databaseUrl,
    SERVICE_TOKEN: TOKEN,
    NODE_ENV: 'production',
    SEED_DEALS: String(DEALS),
    EXPOSE_REST_CALLS: '1',
    RESPONSE_CACHE_TTL_MS: '0',
    LOG_REQUESTS: '0',
  });
  try {
    const MAP = clientOperation(root, 'MapResultsQuery');
    const CATEGORY = clientOperation(root, 'CategoryPageQuery');
    const bounds = boxAround(55.861, -4.262, 11, 840, 630);
    const mapVars = { bounds, zoom: 11, layout: 'DESKTOP', minPrice: null, maxPrice: null };
    const categoryVars = { location: 'glasgow', category: 'restaurants-food', subcategory: null, sort: 'POPULARITY', page: null, first: DEALS_PAGE_SIZE, minPrice: null, maxPrice: null, vip: null };

    // 1. The answers.
    const map = await send(base, MAP, mapVars);
    const category = await send(base, CATEGORY, categoryVars);
    const map14 = await send(base, MAP, { ...mapVars, zoom: 14 });
    const deals = map.data.mapDeals.deals.length;
    if (deals !== mapDealsForZoom(11, 'desktop') || !map.data.mapDeals.more) throw new Error(`the map answered ${deals} deals (more: ${map.data.mapDeals.more}); expected the full 200 of a crowded box`);
    const categoryDeals = category.data.location.deals.edges.length;
    if (categoryDeals !== DEALS_PAGE_SIZE) throw new Error(`the category page answered ${categoryDeals} deals`);
    const restCalls = { map11: map.restCalls, map14: map14.restCalls, category: category.restCalls };
    log(`answers: map ${deals} deals (${map14.data.mapDeals.deals.length} at zoom 14), category ${categoryDeals}; REST calls ${JSON.stringify(restCalls)}`);

    // 2. The plan.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const liveInBox = await client.query<{ n: string }>(
      `select count(*) as n from deals.deal where map_point <@ box(point($1, $2), point($3, $4)) and (closing_date is null or closing_date > now())`,
      [bounds.west, bounds.south, bounds.east, bounds.north],
    );
    // As the service runs it (services/deals/src/map/map.store.ts): bitmap scans off for the statement.
    await client.query('begin');
    await client.query('set local enable_bitmapscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) select d.id from deals.deal d
        where d.map_point <@ box(point($1::float8, $2::float8), point($3::float8, $4::float8)) and (d.closing_date is null or d.closing_date > now())
        order by d.map_point <-> point($5::float8, $6::float8) limit 201`,
      [bounds.west, bounds.south, bounds.east, bounds.north, (bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2],
    );
    await client.query('commit');
    await client.end();
    const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    const usesIndex = planText.includes('Index Scan using deal_map_point_idx') && !planText.includes('Sort');
    log(`live deals in the box: ${liveInBox.rows[0]!.n}; plan is the GiST index scan nearest first: ${usesIndex}`);

    // 3. Timing, ABBA.
    for (let i = 0; i < WARM_UP; i++) {
      await send(base, MAP, mapVars);
      await send(base, CATEGORY, categoryVars);
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const order = i % 2 === 0 ? ['map', 'category', 'category', 'map'] : ['category', 'map', 'map', 'category'];
      for (const which of order.slice(0, 2)) {
        if (which === 'map') a.push((await send(base, MAP, mapVars)).ms);
        else b.push((await send(base, CATEGORY, categoryVars)).ms);
      }
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    const p = (xs: number[]) => ({ p50: r1(percentile(xs, 0.5)), p95: r1(percentile(xs, 0.95)), p99: r1(percentile(xs, 0.99)) });
    const ratio = percentile(a, 0.95) / percentile(b, 0.95);
    const result = {
      deals: DEALS,
      requests: REQUESTS,
      box: bounds,
      liveDealsInBox: Number(liveInBox.rows[0]!.n),
      mapDeals: deals,
      restCalls,
      planUsesIndex: usesIndex,
      plan: planText,
      map: p(a),
      category: p(b),
      p95Ratio: Math.round(ratio * 100) / 100,
      goal: goals.M1,
      ok: ratio <= goals.M1.p95RatioMax && usesIndex && restCalls.map11 === restCalls.map14,
    };
    const checks = [
      { name: `M1 map p95 ≤ ${goals.M1.p95RatioMax}× category page p95`, ok: ratio <= goals.M1.p95RatioMax, detail: `ratio ${result.p95Ratio} (${result.map.p95} ms vs ${result.category.p95} ms)` },
      { name: 'M1 map statement is the GiST index scan nearest first', ok: usesIndex, detail: `${result.liveDealsInBox} live deals in the box` },
      { name: 'M1 REST calls identical at zoom 11 and 14', ok: restCalls.map11 === restCalls.map14, detail: JSON.stringify(restCalls) },
    ];
    log(`map p95 ${result.map.p95} ms vs category p95 ${result.category.p95} ms: ratio ${result.p95Ratio} (goal ≤ ${goals.M1.p95RatioMax}) → ${result.ok ? 'ok' : 'NOT MET'}`);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'map-latest.json'), `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
    return { ...result, checks };
  } finally {
    await stopShopProcess(shop);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchMap({
    adminUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    deals: arg('deals', 100_000),
    requests: arg('requests', 300),
    port: arg('port', 4597),
    log: (msg) => process.stderr.write(`[bench map] ${msg}\n`),
  });
  process.exitCode = result.ok ? 0 : 1;
}
