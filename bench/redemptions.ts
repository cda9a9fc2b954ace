// R1 (issue 17, "Figures"): a merchant's CSV redemption on PostgreSQL, beside the bare conditional
// update of one voucher measured in the same run.
//
//   node bench/redemptions.ts [--codes 10000] [--rounds 3] [--bare 2000]
//
// It creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL, default TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test), migrates the vouchers schema and issues fresh
// vouchers for every round (untimed), then alternates, ABBA:
//
//   (a) a file of `--codes` distinct codes of the merchant's deal, every line redeemable (the
//       heaviest file: each line a status move, an event and an attempt), through the vouchers
//       service's REST call `POST /redemptions/bulk` in process (app.request: JSON, validation,
//       the set-based redemption, the answer of one line per code), timed end to end;
//   (b) the bare conditional update of one voucher, `update vouchers.voucher set status =
//       'Redeemed' where code = $1 and status = 'Ready to Redeem'`, one after another on one
//       connection for `--bare` codes (nothing else: no event, no attempt, no answer), each its
//       own commit as a till's redemption is; and, to tell the commits' cost from the round
//       trips', the same updates inside one transaction (reported beside it).
//
// Goal (bench/goals.json R1): (a) ≥ 2,000 codes a second. Checked: every line answered
// "redeemed", one redeem event per voucher, one attempt per line.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, SERVICE_TOKEN_HEADER } from '../services/platform/src/index.ts';
import { createVouchersApp, issueVouchers, migrateVouchers, newVouchers, type VoucherRow } from '../services/vouchers/src/index.ts';
import { arg, r1, root, throwawayDatabase } from './lib.ts';

const goals = JSON.parse(readFileSync(join(root, 'bench', 'goals.json'), 'utf8'));
const TOKEN = 'bench-redemptions-token';
const DEAL = 7;

export interface RedemptionsBenchOptions {
  adminUrl: string;
  /** Codes per file (default 10,000). */
  codes: number;
  /** Files timed, each beside a bare run (default 3). */
  rounds: number;
  /** Bare conditional updates per round (default 2,000). */
  bare: number;
  log: (message: string) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handle
async function issue(db: any, count: number, now: Date): Promise<VoucherRow[]> {
  const out: VoucherRow[] = [];
  for (let left = count; left > 0; left -= 2_000) {
    const vouchers = newVouchers(
      {
        order_id: randomUUID(),
        order_number: String(100000 + out.length),
        order_line_id: '1',
        customer_token: null,
        deal_id: DEAL,
        deal_product_id: 70,
        title: 'Bench voucher',
        recipient_name: null,
        price: 2500,
        paid: 2500,
        currency: 'GBP',
        paid_at: now,
        expires_at: new Date(now.getTime() + 90 * 86_400_000),
      },
      Math.min(2_000, left),
      now,
    );
    await db.transaction().execute((trx: unknown) => issueVouchers(trx as never, vouchers));
    out.push(...vouchers);
  }
  return out;
}

export async function benchRedemptions(options: RedemptionsBenchOptions) {
  const { log } = options;
  const created = await throwawayDatabase(options.adminUrl, 'shop_bench_redemptions');
  log(`R1 redemptions: throwaway database ${created.name}`);
  const database = await openDatabase({ url: created.url, poolSize: 4 });
  const bare = new pg.Client({ connectionString: created.url });
  await bare.connect();
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  try {
    await migrateVouchers(database.db);
    // No request log lines from the service in the bench's output (the shops of the other figures keep theirs).
    const logRequests = process.env.LOG_REQUESTS;
    process.env.LOG_REQUESTS = '0';
    const app = createVouchersApp({ db: database.db, serviceToken: TOKEN });
    if (logRequests === undefined) delete process.env.LOG_REQUESTS;
    else process.env.LOG_REQUESTS = logRequests;
    const now = new Date();
    const files: number[] = [];
    const bares: number[] = [];
    const baresInOne: number[] = [];
    let answered = 0;
    let redeemedLines = 0;
    const timeFile = async () => {
      const codes = (await issue(database.db, options.codes, now)).map((v) => v.code);
      const started = performance.now();
      const res = await app.request('/redemptions/bulk', {
        method: 'POST',
        headers: { [SERVICE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ dealIds: [DEAL], merchantRef: 'merchant:bench', actorRef: 'user:bench', codes }),
      });
      const body = (await res.json()) as { results: { result: string }[] };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`bulk: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      answered += body.results.length;
      redeemedLines += body.results.filter((r) => r.result === 'redeemed').length;
      files.push((options.codes / ms) * 1000);
    };
    const timeBare = async () => {
      const codes = (await issue(database.db, options.bare, now)).map((v) => v.code);
      const started = performance.now();
      for (const code of codes) {
        const r = await bare.query(`update vouchers.voucher set status = 'Redeemed' where code = $1 and status = 'Ready to Redeem'`, [code]);
        if (r.rowCount !== 1) throw new Error(`bare update of ${code}: ${r.rowCount} rows`);
      }
      bares.push((options.bare / (performance.now() - started)) * 1000);
      const more = (await issue(database.db, options.bare, now)).map((v) => v.code);
      const begun = performance.now();
      await bare.query('begin');
      for (const code of more) await bare.query(`update vouchers.voucher set status = 'Redeemed' where code = $1 and status = 'Ready to Redeem'`, [code]);
      await bare.query('commit');
      baresInOne.push((options.bare / (performance.now() - begun)) * 1000);
    };
    // Warm-up (planning, JIT), untimed in the figures.
    await issue(database.db, 10, now).then((v) => app.request('/redemptions/bulk', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ dealIds: [DEAL], merchantRef: 'merchant:warm', codes: v.map((x) => x.code) }) }));
    for (let round = 0; round < options.rounds; round++) {
      if (round % 2 === 0) {
        await timeFile();
        await timeBare();
      } else {
        await timeBare();
        await timeFile();
      }
      log(`R1 round ${round + 1}: file ${Math.round(files.at(-1)!)} codes/s, bare update ${Math.round(bares.at(-1)!)} codes/s (${Math.round(baresInOne.at(-1)!)} in one transaction)`);
    }
    const { rows } = await bare.query<{ events: number; vouchers: number; attempts: number }>(
      `select (select count(*)::int from vouchers.voucher_event where event = 'redeem' and actor_ref = 'merchant:bench') as events,
              (select count(distinct voucher_id)::int from vouchers.voucher_event where event = 'redeem' and actor_ref = 'merchant:bench') as vouchers,
              (select count(*)::int from vouchers.redemption_attempt where merchant_ref = 'merchant:bench') as attempts`,
    );
    const total = options.codes * options.rounds;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const fileRate = median(files);
    const bareRate = median(bares);
    const bareInOneRate = median(baresInOne);
    const goal = goals.R1.codesPerSecondMin as number;
    checks.push({
      name: `R1 CSV redemption ≥ ${goal} codes/s (PostgreSQL, ${options.codes} codes a file, REST in process)`,
      ok: fileRate >= goal,
      detail: `${Math.round(fileRate)} codes/s (median of ${options.rounds}: ${files.map((x) => Math.round(x)).join(', ')}); bare conditional update of one voucher ${Math.round(bareRate)} codes/s (${bares.map((x) => Math.round(x)).join(', ')}), each its own commit; ratio ${r1(fileRate / bareRate)}×; the same updates in one transaction ${Math.round(bareInOneRate)} codes/s`,
    });
    const correct = answered === total && redeemedLines === total && rows[0]!.events === total && rows[0]!.vouchers === total && rows[0]!.attempts === total;
    checks.push({ name: 'R1 every line answered, each voucher redeemed once with one event and one attempt', ok: correct, detail: `${answered} answered, ${redeemedLines} redeemed, ${rows[0]!.events} events of ${rows[0]!.vouchers} vouchers, ${rows[0]!.attempts} attempts (of ${total})` });
    return { codesPerSecond: Math.round(fileRate), bareUpdatesPerSecond: Math.round(bareRate), bareUpdatesInOneTransactionPerSecond: Math.round(bareInOneRate), files: files.map(Math.round), bare: bares.map(Math.round), bareInOne: baresInOne.map(Math.round), codes: options.codes, rounds: options.rounds, checks };
  } finally {
    await bare.end();
    await database.close();
    await created.drop().catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const result = await benchRedemptions({ adminUrl, codes: arg('codes', 10_000), rounds: arg('rounds', 3), bare: arg('bare', 2_000), log: (m) => process.stderr.write(`[bench] ${m}\n`) });
  for (const c of result.checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  process.exit(result.checks.every((c) => c.ok) ? 0 : 1);
}
