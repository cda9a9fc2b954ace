/**
 * Reliability M10 for the wallet ledger: a model-based property test (fast-check commands) over
 * the ledger's module functions against a plain in-memory model. Random sequences of credits (both
 * buckets, dated and undated), holds (with marketingMax), captures, releases, reversals, refunds
 * (part of a captured hold, some as new dated credit), and clock advances that run the expiry job;
 * commands that the ledger must refuse (capturing a released hold, refunding more than was
 * captured) are generated too, and must change nothing. After every command, each customer's
 * balance per bucket and the unspent dated credit equal the model's, and ledgerViolations is
 * empty (balanced postings, cached = Σ entries, nothing below 0, lots within balances).
 *
 * Fast tier (CI and by default): 25 runs of at most 30 commands; full tier (M10_FULL=1): 200 runs.
 * The seed is in the test name; M10_SEED=<n> replays one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabases } from '@shop/platform/test-databases';
import {
  captureWalletCredit, creditWallet, expireWalletCredit, holdWalletCredit, ledgerViolations, refundWalletCapture, releaseWalletCredit, reverseWalletCapture,
  walletBalances, walletCreditLots, WalletError, type WalletDb,
} from './index.ts';
import { walletFixture } from './test/wallet-fixture.ts';

const FULL = process.env.M10_FULL === '1';
const NUM_RUNS = FULL ? 200 : 25;
const MAX_COMMANDS = 30;
const SEED = process.env.M10_SEED ? Number(process.env.M10_SEED) : Math.floor(Math.random() * 2 ** 31);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2030-01-01T09:00:00Z');

type Bucket = 'marketing' | 'refundable';
const BUCKETS: Bucket[] = ['marketing', 'refundable'];
type Split = Record<Bucket, number>;

interface Lot {
  customer: number;
  bucket: Bucket;
  remaining: number;
  expiresAt: number;
  seq: number;
}
interface Use {
  lot: Lot;
  taken: number;
  givenBack: number;
}
interface Hold {
  ref: string;
  customer: number;
  taken: Split;
  state: 'held' | 'captured' | 'released';
  uses: Use[];
  /** Given back after the capture, by refunds and a reversal. */
  given: Split;
  reversed: boolean;
}
interface Model {
  now: number;
  balances: Split[];
  lots: Lot[];
  holds: Hold[];
  seq: number;
}
interface Real {
  db: WalletDb;
  run: number;
  tokens: string[];
}

const tx = <T>(r: Real, work: (trx: WalletDb) => Promise<T>) => r.db.transaction().execute(work);
const ref = (m: Model, r: Real, what: string) => `m10-${r.run}-${what}-${(m.seq += 1)}`;

/** What of the bucket has passed its date unspent: not spendable, though the job has not run. */
function pastDate(m: Model, customer: number, bucket: Bucket): number {
  return m.lots.filter((l) => l.customer === customer && l.bucket === bucket && l.remaining > 0 && l.expiresAt < m.now).reduce((s, l) => s + l.remaining, 0);
}

/** Money back to a hold's lots, latest date first, at most what each gave (the ledger's rule). */
function giveBack(h: Hold, bucket: Bucket, amount: number) {
  let left = amount;
  const uses = h.uses.filter((u) => u.lot.bucket === bucket && u.taken > u.givenBack).sort((a, b) => b.lot.expiresAt - a.lot.expiresAt || b.lot.seq - a.lot.seq);
  for (const u of uses) {
    if (left === 0) break;
    const back = Math.min(left, u.taken - u.givenBack);
    u.givenBack += back;
    u.lot.remaining += back;
    left -= back;
  }
}

/** Expects the ledger to refuse (WalletError) and to leave everything as it was. */
async function refused(work: Promise<unknown>) {
  await expect(work).rejects.toBeInstanceOf(WalletError);
}

abstract class Cmd implements fc.AsyncCommand<Model, Real> {
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  abstract apply(m: Model, r: Real): Promise<void>;
  async run(m: Model, r: Real): Promise<void> {
    await this.apply(m, r);
    await compare(m, r);
  }
  abstract toString(): string;
}

class Credit extends Cmd {
  readonly customer: number;
  readonly bucket: Bucket;
  readonly amount: number;
  readonly days: number | null;
  constructor(customer: number, bucket: Bucket, amount: number, days: number | null) {
    super();
    this.customer = customer;
    this.bucket = bucket;
    this.amount = amount;
    this.days = days;
  }
  async apply(m: Model, r: Real) {
    const expiresAt = this.days === null ? undefined : m.now + this.days * DAY;
    const result = await tx(r, (trx) =>
      creditWallet(trx, { customerToken: r.tokens[this.customer]!, currency: 'GBP', amount: this.amount, bucket: this.bucket, reason: 'M10 credit', ref: ref(m, r, 'credit'), ...(expiresAt ? { expiresAt: new Date(expiresAt) } : {}) }),
    );
    expect(result).toEqual({ created: true });
    m.balances[this.customer]![this.bucket] += this.amount;
    if (expiresAt !== undefined) m.lots.push({ customer: this.customer, bucket: this.bucket, remaining: this.amount, expiresAt, seq: (m.seq += 1) });
  }
  toString() {
    return `credit(c${this.customer}, ${this.bucket}, ${this.amount}, ${this.days === null ? 'undated' : `${this.days}d`})`;
  }
}

class HoldCmd extends Cmd {
  readonly customer: number;
  readonly amount: number;
  readonly marketingMax: number;
  constructor(customer: number, amount: number, marketingMax: number) {
    super();
    this.customer = customer;
    this.amount = amount;
    this.marketingMax = marketingMax;
  }
  async apply(m: Model, r: Real) {
    const c = this.customer;
    const spendable = { marketing: m.balances[c]!.marketing - pastDate(m, c, 'marketing'), refundable: m.balances[c]!.refundable - pastDate(m, c, 'refundable') };
    const marketing = Math.min(this.amount, spendable.marketing, this.marketingMax);
    const refundable = this.amount - marketing;
    const holdRef = ref(m, r, 'order');
    const result = await tx(r, (trx) => holdWalletCredit(trx, { customerToken: r.tokens[c]!, currency: 'GBP', amount: this.amount, marketingMax: this.marketingMax, ref: holdRef, now: new Date(m.now) }));
    if (refundable > spendable.refundable) {
      expect(result).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
      return;
    }
    expect(result).toEqual({ ok: true, marketing, refundable });
    const h: Hold = { ref: holdRef, customer: c, taken: { marketing, refundable }, state: 'held', uses: [], given: { marketing: 0, refundable: 0 }, reversed: false };
    for (const bucket of BUCKETS) {
      m.balances[c]![bucket] -= h.taken[bucket];
      let left = h.taken[bucket];
      const live = m.lots.filter((l) => l.customer === c && l.bucket === bucket && l.remaining > 0 && l.expiresAt >= m.now).sort((a, b) => a.expiresAt - b.expiresAt || a.seq - b.seq);
      for (const lot of live) {
        if (left === 0) break;
        const take = Math.min(left, lot.remaining);
        lot.remaining -= take;
        h.uses.push({ lot, taken: take, givenBack: 0 });
        left -= take;
      }
    }
    m.holds.push(h);
  }
  toString() {
    return `hold(c${this.customer}, ${this.amount}, max ${this.marketingMax})`;
  }
}

abstract class OnHold extends Cmd {
  readonly pick: number;
  constructor(pick: number) {
    super();
    this.pick = pick;
  }
  override check(m: Readonly<Model>) {
    return m.holds.length > 0;
  }
  hold(m: Model): Hold {
    return m.holds[this.pick % m.holds.length]!;
  }
}

class Capture extends OnHold {
  async apply(m: Model, r: Real) {
    const h = this.hold(m);
    const work = tx(r, (trx) => captureWalletCredit(trx, { ref: h.ref }));
    if (h.state === 'released') return refused(work);
    await work;
    h.state = 'captured';
  }
  toString() {
    return `capture(#${this.pick})`;
  }
}

class Release extends OnHold {
  async apply(m: Model, r: Real) {
    const h = this.hold(m);
    const work = tx(r, (trx) => releaseWalletCredit(trx, { ref: h.ref }));
    if (h.state === 'captured') return refused(work);
    await work;
    if (h.state === 'released') return;
    h.state = 'released';
    for (const bucket of BUCKETS) {
      m.balances[h.customer]![bucket] += h.taken[bucket];
      giveBack(h, bucket, h.taken[bucket]);
    }
  }
  toString() {
    return `release(#${this.pick})`;
  }
}

class Reverse extends OnHold {
  async apply(m: Model, r: Real) {
    const h = this.hold(m);
    const work = tx(r, (trx) => reverseWalletCapture(trx, { ref: h.ref }));
    if (h.state !== 'captured') return refused(work);
    const result = await work;
    if (h.reversed) {
      expect(result.reversed).toBe(false);
      return;
    }
    // What is still captured comes back: the hold less what refunds already gave back.
    const back = { marketing: h.taken.marketing - h.given.marketing, refundable: h.taken.refundable - h.given.refundable };
    expect(result).toEqual({ reversed: true, ...back });
    h.reversed = true;
    for (const bucket of BUCKETS) {
      m.balances[h.customer]![bucket] += back[bucket];
      h.given[bucket] += back[bucket];
      giveBack(h, bucket, back[bucket]);
    }
  }
  toString() {
    return `reverse(#${this.pick})`;
  }
}

/** A refund of `percent` of what is still captured (at least 1p: over it when nothing is left, refused). */
class Refund extends OnHold {
  amount = 0;
  readonly percent: number;
  readonly dated: boolean;
  constructor(pick: number, percent: number, dated: boolean) {
    super(pick);
    this.percent = percent;
    this.dated = dated;
  }
  async apply(m: Model, r: Real) {
    const h = this.hold(m);
    const total = h.taken.marketing + h.taken.refundable;
    const givenTotal = h.given.marketing + h.given.refundable;
    this.amount = Math.max(1, Math.floor(((total - givenTotal) * this.percent) / 100));
    const expiresAt = this.dated ? m.now + 14 * DAY : undefined;
    const work = tx(r, (trx) =>
      refundWalletCapture(trx, { holdRef: h.ref, ref: ref(m, r, 'refund'), amount: this.amount, reason: 'M10 refund', ...(expiresAt ? { expiresAt: new Date(expiresAt) } : {}) }),
    );
    if (h.state !== 'captured' || givenTotal + this.amount > total) return refused(work);
    // Refundable credit in the hold's proportion of all that is given back, the rest promotional.
    const after = givenTotal + this.amount;
    const refundable = Math.min(h.taken.refundable, Math.floor((after * h.taken.refundable) / total)) - h.given.refundable;
    const back = { marketing: this.amount - refundable, refundable };
    expect(await work).toEqual({ refunded: true, ...back });
    for (const bucket of BUCKETS) {
      m.balances[h.customer]![bucket] += back[bucket];
      h.given[bucket] += back[bucket];
      if (expiresAt !== undefined) {
        if (back[bucket] > 0) m.lots.push({ customer: h.customer, bucket, remaining: back[bucket], expiresAt, seq: (m.seq += 1) });
      } else giveBack(h, bucket, back[bucket]);
    }
  }
  override toString() {
    return `refund(#${this.pick}, ${this.percent}% = ${this.amount}${this.dated ? ', 14d' : ''})`;
  }
}

class Advance extends Cmd {
  readonly hours: number;
  constructor(hours: number) {
    super();
    this.hours = hours;
  }
  async apply(m: Model, r: Real) {
    m.now += this.hours * HOUR;
    await expireWalletCredit(r.db, { now: new Date(m.now) });
    for (const lot of m.lots.filter((l) => l.remaining > 0 && l.expiresAt < m.now).sort((a, b) => a.expiresAt - b.expiresAt || a.seq - b.seq)) {
      const balance = m.balances[lot.customer]!;
      balance[lot.bucket] -= Math.min(lot.remaining, balance[lot.bucket]);
      lot.remaining = 0;
    }
  }
  toString() {
    return `advance(${this.hours}h) + expire`;
  }
}

async function compare(m: Model, r: Real) {
  for (const [c, token] of r.tokens.entries()) {
    const real = await walletBalances(r.db, token);
    const want = m.balances[c]!;
    if (real.length === 0) expect(want).toEqual({ marketing: 0, refundable: 0 });
    else expect(real).toEqual([{ currency: 'GBP', balance: want.marketing + want.refundable, marketingBalance: want.marketing, refundableBalance: want.refundable }]);
    const lots = (await walletCreditLots(r.db, token)).map((l) => [l.bucket, l.remaining, l.expiresAt.getTime()]);
    const modelLots = m.lots
      .filter((l) => l.customer === c && l.remaining > 0)
      .sort((a, b) => a.expiresAt - b.expiresAt || a.seq - b.seq)
      .map((l) => [l.bucket, l.remaining, l.expiresAt]);
    expect(lots).toEqual(modelLots);
  }
  expect(await ledgerViolations(r.db)).toEqual([]);
}

const customer = fc.integer({ min: 0, max: 1 });
const pick = fc.nat({ max: 1000 });
const credit = fc
  .tuple(customer, fc.constantFrom<Bucket>('marketing', 'refundable'), fc.integer({ min: 1, max: 5000 }), fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }))
  .map(([c, b, a, d]) => new Credit(c, b, a, d));
const hold = fc.tuple(customer, fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 2000 })).map(([c, a, max]) => new HoldCmd(c, a, max));
const capture = pick.map((p) => new Capture(p));
const refund = fc.tuple(pick, fc.integer({ min: 1, max: 120 }), fc.boolean()).map(([p, a, d]) => new Refund(p, a, d));
const reverse = pick.map((p) => new Reverse(p));
// Weighted (an arbitrary listed twice is picked twice as often) so that most runs take holds
// through capture, refunds and reversals, not only credits.
const commandArbs = [
  credit,
  credit,
  hold,
  hold,
  capture,
  capture,
  refund,
  refund,
  reverse,
  pick.map((p) => new Release(p)),
  fc.integer({ min: 1, max: 24 * 20 }).map((h) => new Advance(h)),
];

describe.each(testDatabases())('M10 model-based test of the wallet ledger on %s', (_name, open) => {
  it(`after every command the balances and the dated credit equal the model's, and the ledger's invariants hold (${NUM_RUNS} runs, ≤ ${MAX_COMMANDS} commands, seed ${SEED})`, async () => {
    const f = await walletFixture(open);
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
          run += 1;
          const tokens = [`ct-m10-${run}-a-0123456789`, `ct-m10-${run}-b-0123456789`];
          const setup = () => ({
            model: { now: START, balances: [{ marketing: 0, refundable: 0 }, { marketing: 0, refundable: 0 }], lots: [], holds: [], seq: 0 } as Model,
            real: { db: f.database.db, run, tokens } as Real,
          });
          await fc.asyncModelRun(setup, cmds);
        }),
        { numRuns: NUM_RUNS, seed: SEED },
      );
    } finally {
      await f.close();
    }
  }, FULL ? 1_800_000 : 300_000);
});
