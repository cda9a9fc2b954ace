/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads every service's tables through one untyped handle */
/**
 * More than one process, as production runs (README "Running on more than one machine"): two shop
 * processes (`node gateway/src/main.ts`) started at the same moment on one PostgreSQL database,
 * behind a real HAProxy balancing round robin, reached over real HTTP. Shows:
 * - they start together on an empty database (one migrates and seeds, the other waits);
 * - a session made on one is valid on the other;
 * - the flash-sale race split across both sells exactly the stock;
 * - the sign-in throttle per email counts the failures made on both;
 * - the background jobs take turns through their lease (jobs.job_lease), never running twice at once.
 * PostgreSQL only (TEST_DATABASE_URL); HAProxy from Debian's `haproxy` package (`npm test` and
 * .ci/run install it when running as root; HAPROXY_PATH names another binary).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LINK_PATHS, SIGN_IN_THROTTLE } from '@shop/domain/accounts';
import type { Database } from '@shop/platform';
import { openFreshPostgres } from '@shop/platform/test-databases';
import { Browser } from './test/accounts-services.ts';
import { buyableOptions } from '../test/buying-services.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = resolve(import.meta.dirname, '../..');
const haproxyPath = process.env.HAPROXY_PATH ?? ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename
  ... on OrderPlaced { order { orderNumber status } }
  ... on StockError { code message }
  ... on UserError { code message field } } }`;
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { __typename ... on UserError { code message } } }`;
const CONFIRM = `mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename ... on LoginSuccess { viewer { email } } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on LoginSuccess { viewer { email } } ... on UserError { code message } } }`;
const VIEWER = `{ viewer { email } }`;

describe.skipIf(!adminUrl)('two shop processes behind HAProxy on one PostgreSQL', () => {
  const children: { name: string; child: ChildProcess; out: string[] }[] = [];
  let database: Database;
  let lb: string;
  const direct: Record<'a' | 'b', string> = { a: '', b: '' };
  let db: any;

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    child.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
    children.push({ name, child, out });
    return child;
  };

  beforeAll(async () => {
    if (!haproxyPath) throw new Error("HAProxy is needed for this test: install Debian's `haproxy` package (`npm test` does so when run as root) or set HAPROXY_PATH.");
    // A new empty database (dropped again at the end), seen by the test through a pool of its own.
    database = await openFreshPostgres(adminUrl!);
    db = database.db;
    const { name } = await db.selectNoFrom((eb: any) => eb.fn('current_database', []).as('name')).executeTakeFirstOrThrow();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dbUrl = url.toString();
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    lb = `http://127.0.0.1:${portLb}`;
    direct.a = `http://127.0.0.1:${portA}`;
    direct.b = `http://127.0.0.1:${portB}`;
    // What the processes must share: the database, the service token and the payment sandboxes' key.
    const shared = {
      DATABASE_URL: dbUrl,
      HOST: '127.0.0.1',
      SEED_DEALS: '40',
      SERVICE_TOKEN: randomBytes(24).toString('base64url'),
      PAYMENT_MERCHANT_KEY: randomBytes(24).toString('base64url'),
      PUBLIC_BASE_URL: lb,
      TRUST_PROXY: '1',
      DB_POOL_SIZE: '8',
      JOBS_EVERY_MS: '300',
      NODE_ENV: 'test',
    };
    // Both at once, on an empty database.
    const a = start('shop a', process.execPath, ['gateway/src/main.ts'], { ...shared, PORT: String(portA) });
    const b = start('shop b', process.execPath, ['gateway/src/main.ts'], { ...shared, PORT: String(portB) });
    await Promise.all([waitFor(`${direct.a}/health`, a, 240_000), waitFor(`${direct.b}/health`, b, 240_000)]);
    const dir = mkdtempSync(join(tmpdir(), 'shop-haproxy-'));
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 5s',
        '  timeout client 60s',
        '  timeout server 60s',
        'frontend shop',
        `  bind 127.0.0.1:${portLb}`,
        '  option forwardfor',
        // Which process answered, for the test to see the load split.
        '  http-response set-header x-served-by %s',
        '  default_backend shops',
        'backend shops',
        '  balance roundrobin',
        '  option httpchk GET /health',
        `  server a 127.0.0.1:${portA} check inter 1s`,
        `  server b 127.0.0.1:${portB} check inter 1s`,
        '',
      ].join('\n'),
    );
    const proxy = start('haproxy', haproxyPath, ['-f', config, '-db'], {});
    await waitFor(`${lb}/health`, proxy, 30_000);
  }, 300_000);

  afterAll(async () => {
    for (const { child } of children.reverse()) child.kill('SIGTERM');
    await Promise.all(children.map(({ child }) => (child.exitCode !== null ? null : new Promise((r) => child.once('exit', r)))));
    await database?.close();
  }, 60_000);

  const http = { fetch: (request: Request) => fetch(request) };
  const browserAt = (origin: string) => new Browser(http, origin);

  it('both processes migrated and seeded one database once, and each answers', async () => {
    // The 40 seeded deals and the gift-card deal (made on every start, once).
    const deals = await db.selectFrom('deals.deal').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(deals.n)).toBe(41);
    const migrations = await db.selectFrom('deals.kysely_migration').select('name').execute();
    expect(migrations.length).toBe(new Set(migrations.map((m: { name: string }) => m.name)).size);
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await fetch(`${lb}/health`)).headers.get('x-served-by') ?? '');
    expect([...served].sort()).toEqual(['a', 'b']);
  });

  it('a session made on one process is valid on the other', async () => {
    const email = `multi.${randomBytes(4).toString('hex')}@example.com`;
    const onA = browserAt(direct.a);
    const registered = await onA.gql(REGISTER, { input: { email, password: 'Correct-horse-42', firstName: 'Isla', lastName: 'Reid' } });
    expect(registered.body.data?.register.__typename, JSON.stringify(registered.body)).toBe('RegisterAccepted');
    // The confirmation is mailed after the answer (the users service's background work): wait for it.
    const prefix = `${lb}${ACCOUNT_LINK_PATHS.confirmEmail}?token=`;
    let text: string | undefined;
    for (const until = Date.now() + 15_000; !text && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const mail = await db.selectFrom('mail.outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').execute();
      text = mail.map((r: { text_body: string }) => r.text_body).find((t: string) => t.includes(prefix));
    }
    if (!text) throw new Error(`no confirmation mail with ${prefix} for ${email}`);
    const token = decodeURIComponent(/^[^\s"'<>]+/.exec(text.slice(text.indexOf(prefix) + prefix.length))![0]);
    const confirmed = await onA.gql(CONFIRM, { token });
    expect(confirmed.body.data?.confirmEmail.viewer.email).toBe(email);
    // The same cookies, sent to the other process.
    const onB = browserAt(direct.b);
    for (const [k, v] of onA.jar) onB.setCookie(k, v);
    expect((await onB.gql(VIEWER)).body.data.viewer.email).toBe(email);
    expect((await onA.gql(VIEWER)).body.data.viewer.email).toBe(email);
  });

  it('the flash-sale race split across both processes sells exactly the stock', async () => {
    const UNITS = 8;
    const BUYERS = 32;
    const [found] = await buyableOptions(db, 1);
    const option = { product_id: found!.productId, deal_id: found!.dealId, price: found!.pricePence };
    await db.updateTable('deals.product').set({ remaining: UNITS, purchase_cap: null }).where('id', '=', option.product_id).execute();
    const buyers = Array.from({ length: BUYERS }, () => browserAt(lb));
    const added = await Promise.all(buyers.map((b) => b.gql(ADD, { i: { dealId: Number(option.deal_id), productId: Number(option.product_id), quantity: 1 } })));
    expect(added.map((r) => r.body.data?.addToBasket.__typename), JSON.stringify(added[0]!.body)).toEqual(Array(BUYERS).fill('BasketUpdated'));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        b.gql(PLACE, {
          i: { idempotencyKey: `multi-${i}-${randomBytes(4).toString('hex')}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', email: `multi.buyer.${i}@example.com`, expectedCashAmount: Number(option.price) },
        }),
      ),
    );
    expect(new Set(answers.map((r) => r.headers.get('x-served-by'))).size).toBe(2);
    expect(answers.every((r) => r.status === 200 && !r.body.errors), JSON.stringify(answers.find((r) => r.body.errors)?.body)).toBe(true);
    const results = answers.map((r) => r.body.data.placeOrder);
    expect(results.filter((p) => p.__typename === 'OrderPlaced').map((p) => p.order.status)).toEqual(Array(UNITS).fill('PAID'));
    expect(results.filter((p) => p.__typename === 'StockError')).toHaveLength(BUYERS - UNITS);
    const product = await db.selectFrom('deals.product').select('remaining').where('id', '=', option.product_id).executeTakeFirstOrThrow();
    expect(product.remaining).toBe(0);
    const held = await db.selectFrom('deals.stock_hold').select((eb: any) => eb.fn.countAll().as('n')).where('product_id', '=', option.product_id).where('order_id', 'is', null).executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(0);
  }, 120_000);

  it('the sign-in throttle per email counts the failures made on both processes', async () => {
    const email = `multi.limit.${randomBytes(4).toString('hex')}@example.com`;
    const free = SIGN_IN_THROTTLE.email.free;
    const answers: string[] = [];
    for (let i = 0; i < free + 1; i++) {
      const b = browserAt(i % 2 === 0 ? direct.a : direct.b);
      const r = await b.gql(LOGIN, { input: { email, password: `wrong-${i}` } });
      answers.push(r.body.data?.login.code ?? r.body.data?.login.__typename);
    }
    expect(answers.slice(0, free).every((c) => c === 'INVALID_CREDENTIALS'), answers.join(',')).toBe(true);
    expect(answers[free]).toBe('SIGN_IN_THROTTLED');
  }, 120_000);

  it('each background job runs in one process at a time, and the lease passes between them', async () => {
    // JOBS_EVERY_MS=300 on both: many runs of each job by now. Sample the lease holders a while.
    // The owner stays on the row after a run (the lease is given back by ending it).
    const holders = new Set<string>();
    const until = Date.now() + 8_000;
    while (Date.now() < until) {
      for (const r of await db.selectFrom('jobs.job_lease').select('owner').execute()) holders.add(r.owner.split(':')[1]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const pids = children.filter((c) => c.name.startsWith('shop')).map((c) => String(c.child.pid));
    expect([...holders].sort()).toEqual(pids.sort());
    const runs = await db.selectFrom('jobs.job_lease').select(['name', 'runs']).orderBy('name').execute();
    expect(runs.map((r: { name: string }) => r.name)).toEqual([
      'alert wish lists of price drops',
      'deliver gift mail',
      'deliver merchant mail',
      'expire vouchers',
      'expire wallet credit',
      'publish scheduled deals',
      'reconcile pending orders',
      'refund returned goods',
      'release expired holds',
      'remind expiring vouchers',
      'remind members their VIP ends',
      'retry VIP refunds',
      'retry voucher refunds',
      'settle order points',
      'settle referrals',
    ]);
    for (const r of runs) expect(Number(r.runs)).toBeGreaterThan(5);
  }, 60_000);
});
