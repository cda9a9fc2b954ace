// L3: a login flood against argon2id while shoppers browse (reliability.md L3), in one run:
//
//   baseline  the homepage as the browser loads it (the client's LocationLayoutQuery and
//             HomePageQuery in parallel, through the gateway) by 10 closed-loop clients, alone;
//   flood     the same browse load while ~100 logins a second arrive open-loop (not waiting for
//             answers) through the shop: half as shoppers send them (the GraphQL `login`
//             mutation), half at the users service's REST route (/api/users/login, with the
//             service credential) to see its HTTP answer. Every login comes from another client
//             address (X-Forwarded-For, TRUST_PROXY=1: a distributed flood, so the per-address
//             limits do not stop it first), half for registered accounts with their right
//             password, half for unknown addresses (a dummy verify): every one costs a hash.
//
// It reports whether hashing stays bounded (the pool's 2 slots and 16 waiting; the excess
// answered at once: 429 with Retry-After at REST, RateLimitedError with retryAfterSeconds through
// GraphQL), the shop process's memory (RSS from /proc) before, at its peak during the flood and
// after, and the browse p95 under the flood against the baseline of the same run (goal < 2x).
//
// `node bench/login-flood.ts [--seconds 30] [--rate 100] [--concurrency 10]` runs on PGlite in a
// fresh temporary directory; with DATABASE_URL (a PostgreSQL server's database URL) it uses
// database shop_bench_login on that server. Results: bench/results/login-flood-latest.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_HASH_CONCURRENCY } from '../services/users/src/lib/passwords.ts';
import { clientOperation, createStaffKey, operationBody, type Operation } from './graphql-access.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN = 'bench-login-flood-token';
const PASSWORD = 'Flood-Bench-Pass-7';
const ACCOUNTS = 20;
/** argon2id memory per hash (services/users passwords: m = 19456 KiB), in MiB. */
const HASH_MIB = 19;
/** The users service's hashing pool (services/users/src/lib/passwords.ts defaults). */
const POOL = { concurrent: DEFAULT_HASH_CONCURRENCY, maxWaiting: 16 };

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 30);
const RATE = arg('rate', 100);
const CONCURRENCY = arg('concurrency', 10);
const PORT = arg('port', 4871);
const base = `http://127.0.0.1:${PORT}`;
const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8')).L3 as { browseP95RatioMax: number; loginsPerSecond: number; concurrency: number };

function log(msg: string) {
  process.stderr.write(`[bench L3] ${msg}\n`);
}

const LAYOUT_QUERY = clientOperation(root, 'LocationLayoutQuery');
const HOMEPAGE_QUERY = clientOperation(root, 'HomePageQuery');
/** Authorization for the bench's own operations (not the client's): set once the shop is up. */
let staffAuth: Record<string, string> = {};
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on RateLimitedError { retryAfterSeconds } } }`;

let ipCounter = 0;
/** Another client address for every login (10.x.y.z). */
const nextIp = () => {
  const n = (ipCounter += 1);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields
async function gql(query: Operation, variables: Record<string, unknown>, ip = '127.0.0.1'): Promise<any> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-forwarded-for': ip, ...(typeof query === 'string' ? staffAuth : {}) },
    body: operationBody(query, variables),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  if (!res.ok || body.errors) throw new Error(`GraphQL ${res.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function browse() {
  await Promise.all([gql(LAYOUT_QUERY, { location: 'glasgow' }), gql(HOMEPAGE_QUERY, { location: 'glasgow', page: null, first: 9 })]);
}

interface BrowseFigures {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function browseLoad(seconds: number, concurrency: number): Promise<BrowseFigures> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await browse();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return { requests: latencies.length, errors, rps: r1(latencies.length / elapsed), p50: r1(percentile(latencies, 0.5)), p95: r1(percentile(latencies, 0.95)), p99: r1(percentile(latencies, 0.99)) };
}

interface FloodFigures {
  sent: number;
  seconds: number;
  /** Logins answered, by outcome. */
  graphql: Record<string, number>;
  rest: Record<string, number>;
  /** REST 429s that carried a Retry-After header, and GraphQL RateLimitedErrors with retryAfterSeconds > 0. */
  restRetryAfter: number;
  graphqlRetryAfter: number;
  /** Logins that were really checked (a session, or a wrong-credentials answer): the hashing throughput. */
  hashedPerSecond: number;
  /** Latency of the logins that were refused as excess (ms): answered at once, not queued. */
  refusedP95: number;
  /** Latency of the logins that were hashed (ms). */
  hashedP50: number;
  hashedP95: number;
  failures: number;
}

async function flood(seconds: number, rate: number, emails: string[]): Promise<FloodFigures> {
  const graphql: Record<string, number> = {};
  const rest: Record<string, number> = {};
  let restRetryAfter = 0;
  let graphqlRetryAfter = 0;
  let failures = 0;
  const refused: number[] = [];
  const hashed: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  const one = async (i: number) => {
    const known = i % 4 < 2;
    const email = known ? emails[i % emails.length]! : `nobody.${i}.${Date.now().toString(36)}@example.com`;
    const password = known ? PASSWORD : 'Not-The-Password-1';
    const ip = nextIp();
    const t = performance.now();
    try {
      if (i % 2 === 0) {
        const data = await gql(LOGIN, { input: { email, password } }, ip);
        const kind = data.login.__typename as string;
        graphql[kind] = (graphql[kind] ?? 0) + 1;
        if (kind === 'RateLimitedError') {
          if (data.login.retryAfterSeconds > 0) graphqlRetryAfter++;
          refused.push(performance.now() - t);
        } else hashed.push(performance.now() - t);
      } else {
        const res = await fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-token': TOKEN, 'x-client-ip': ip },
          body: JSON.stringify({ loginRequest: { j_username: email, j_password: password } }),
        });
        await res.arrayBuffer();
        rest[res.status] = (rest[res.status] ?? 0) + 1;
        if (res.status === 429) {
          if (Number(res.headers.get('retry-after')) > 0) restRetryAfter++;
          refused.push(performance.now() - t);
        } else hashed.push(performance.now() - t);
      }
    } catch {
      failures++;
    }
  };
  // Open loop: a login every 1000/rate ms whatever the answers do.
  const interval = 1000 / rate;
  while (performance.now() - started < seconds * 1000) {
    pending.push(one(sent));
    sent++;
    const next = started + sent * interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const sendingSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  refused.sort((a, b) => a - b);
  hashed.sort((a, b) => a - b);
  return {
    sent,
    seconds: r1(sendingSeconds),
    graphql,
    rest,
    restRetryAfter,
    graphqlRetryAfter,
    hashedPerSecond: r1(hashed.length / sendingSeconds),
    refusedP95: r1(percentile(refused, 0.95)),
    hashedP50: r1(percentile(hashed, 0.5)),
    hashedP95: r1(percentile(hashed, 0.95)),
    failures,
  };
}

/** Resident memory of a process (MiB), from /proc. */
function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS every 200 ms while `run` runs; its peak and mean. */
async function sampled<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; peakMiB: number; meanMiB: number }> {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const v = rssMiB(pid);
    if (v !== null) samples.push(v);
  }, 200);
  try {
    const result = await run();
    return { result, peakMiB: Math.max(...samples), meanMiB: r1(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length)) };
  } finally {
    clearInterval(timer);
  }
}

async function postgresDatabase(url: string): Promise<string> {
  const target = new URL(url);
  target.pathname = '/shop_bench_login';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', ['shop_bench_login']);
    if (exists.rowCount === 0) await admin.query('create database shop_bench_login');
  } finally {
    await admin.end();
  }
  return target.toString();
}

async function startShop(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'gateway', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SERVICE_TOKEN: TOKEN,
      NODE_ENV: 'production',
      OUTBOX_PAGE: '1',
      TRUST_PROXY: '1',
      SEED_DEALS: '300',
      PUBLIC_BASE_URL: base,
      CLIENT_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('shop did not start');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Registers the accounts through the shop and confirms each by the link in the outbox. */
async function registerAccounts(n: number): Promise<string[]> {
  const run = Date.now().toString(36);
  const emails = Array.from({ length: n }, (_, i) => `flood.${run}.${i}@example.com`);
  for (const email of emails) {
    const data = await gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Flood', lastName: 'Bench' } }, nextIp());
    if (data.register.__typename !== 'RegisterAccepted') throw new Error(`register: ${data.register.__typename}`);
  }
  for (const email of emails) {
    let token: string | undefined;
    for (let attempt = 0; attempt < 50 && !token; attempt++) {
      const res = await fetch(`${base}/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
      const { messages } = (await res.json()) as { messages: Array<{ text: string }> };
      token = messages.map((m) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean);
      if (!token) await new Promise((r) => setTimeout(r, 100));
    }
    if (!token) throw new Error(`no confirmation link for ${email}`);
    const data = await gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: token }, nextIp());
    if (data.confirmEmail.__typename !== 'LoginSuccess') throw new Error(`confirm: ${data.confirmEmail.__typename}`);
  }
  return emails;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  let dataDir: string | undefined;
  const env: Record<string, string> = {};
  if (databaseUrl) env.DATABASE_URL = await postgresDatabase(databaseUrl);
  else {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-login-'));
    env.DATA_DIR = dataDir;
  }
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  log(`starting the shop on ${database}`);
  const shop = await startShop(env);
  staffAuth = { authorization: `Bearer ${await createStaffKey(base, TOKEN, 'bench-login-flood')}` };
  const pid = shop.pid!;
  try {
    log(`registering ${ACCOUNTS} accounts`);
    const emails = await registerAccounts(ACCOUNTS);
    log('browse warm-up');
    await browseLoad(3, CONCURRENCY);
    const rssStart = rssMiB(pid);
    log(`baseline: browse alone, ${SECONDS} s at c=${CONCURRENCY}`);
    const baseline = await sampled(pid, () => browseLoad(SECONDS, CONCURRENCY));
    log(`flood: browse at c=${CONCURRENCY} and ${RATE} logins/s for ${SECONDS} s`);
    const during = await sampled(pid, async () => {
      const [browseFigures, floodFigures] = await Promise.all([browseLoad(SECONDS, CONCURRENCY), flood(SECONDS, RATE, emails)]);
      return { browse: browseFigures, flood: floodFigures };
    });
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssMiB(pid);

    const ratio = Math.round((during.result.browse.p95 / baseline.result.p95) * 100) / 100;
    // Watermark against watermark: the flood's peak RSS over the browse-only peak (V8's heap
    // saw-tooths under load alone, so a peak over a mean would count that too). Both are reported.
    const growth = r1(during.peakMiB - baseline.peakMiB);
    const overMean = r1(during.peakMiB - baseline.meanMiB);
    const memoryBound = HASH_MIB * (POOL.concurrent + 1);
    const f = during.result.flood;
    const refusedRest = f.rest['429'] ?? 0;
    const refusedGraphql = f.graphql.RateLimitedError ?? 0;
    const checks = [
      {
        name: `L3 hashing bounded: the excess refused at once (429 + Retry-After at REST, RateLimitedError through GraphQL)`,
        ok: refusedRest > 0 && refusedRest === f.restRetryAfter && refusedGraphql === f.graphqlRetryAfter && f.failures === 0 && f.hashedPerSecond < RATE,
        detail:
          `${f.sent} logins in ${f.seconds} s; hashed ${f.hashedPerSecond}/s (p50 ${f.hashedP50} ms, p95 ${f.hashedP95} ms); refused ${refusedRest + refusedGraphql} ` +
          `(REST 429 ${refusedRest}, all with Retry-After: ${refusedRest === f.restRetryAfter}; GraphQL RateLimitedError ${refusedGraphql}, all with retryAfterSeconds: ${refusedGraphql === f.graphqlRetryAfter}), ` +
          `refused p95 ${f.refusedP95} ms; failures ${f.failures}; REST ${JSON.stringify(f.rest)}, GraphQL ${JSON.stringify(f.graphql)}`,
      },
      {
        name: `L3 memory growth < ${HASH_MIB} MiB x (pool ${POOL.concurrent} + 1) = ${memoryBound} MiB over the browse baseline's peak`,
        ok: growth < memoryBound,
        detail: `RSS ${rssStart} MiB at start; browsing alone: ${baseline.meanMiB} MiB mean, ${baseline.peakMiB} MiB peak; peak during the flood ${during.peakMiB} MiB (+${growth} MiB over the browse peak, +${overMean} over its mean); ${rssAfter} MiB 3 s after`,
      },
      {
        name: `L3 browse p95 under the flood < ${goals.browseP95RatioMax}x the browse-only baseline (c=${CONCURRENCY})`,
        ok: ratio < goals.browseP95RatioMax && during.result.browse.errors === 0,
        detail: `p95 ${during.result.browse.p95} ms vs ${baseline.result.p95} ms (x${ratio}); p50 ${during.result.browse.p50} vs ${baseline.result.p50} ms; ${during.result.browse.rps} vs ${baseline.result.rps} homepages/s; errors ${during.result.browse.errors}`,
      },
    ];
    const report = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.versions.node },
      database,
      L3: { seconds: SECONDS, rate: RATE, concurrency: CONCURRENCY, accounts: ACCOUNTS, pool: POOL, baseline: baseline.result, flood: during.result, memory: { startMiB: rssStart, baselineMeanMiB: baseline.meanMiB, baselinePeakMiB: baseline.peakMiB, floodPeakMiB: during.peakMiB, growthMiB: growth, afterMiB: rssAfter, boundMiB: memoryBound }, browseP95Ratio: ratio, goal: goals, checks },
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', `login-flood-${database.toLowerCase()}-latest.json`), JSON.stringify(report, null, 2));
    for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
    const failed = checks.filter((c) => !c.ok).length;
    console.log(`${checks.length - failed} passed, ${failed} failed (${database})`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await stop(shop);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
