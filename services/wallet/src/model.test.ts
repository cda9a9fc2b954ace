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
 * With the loyalty points exchange (services/rewards): points are earned by paid orders
 * (recordOrderPoints, then settleOrderPoints when the clock passes their 14-day window, against a
 * standing the test controls: it stands for the checkout's orderStanding, and part refunds and
 * failed settlements change it) and by club activity (shares and views, daily caps); exchanges
 * (some of more points than the customer has, of 0, at Pink level, and replays of an earlier ref)
 * debit points and credit promotional wallet credit at the level rate in one transaction, or are
 * refused exactly as the model says. After every command each customer's points, pending and
 * lifetime points also equal the model's, and the rewards ledger's invariants hold too.
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
import { londonDate } from '@shop/domain';
// The rewards service credits this wallet (it depends on @shop/wallet, so the wallet cannot list
// it as a dependency): its module functions are imported from its source.
import {
  exchangePoints, ledgerViolations as rewardsViolations, memberPoints, migrateRewards, recordClubActivity, recordOrderPoints, settleOrderPoints, type OrderStanding,
} from '../../rewards/src/index.ts';

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
interface Member {
  points: number;
  pending: number;
  lifetime: number;
}
interface OrderPoints {
  id: string;
  customer: number;
  points: number;
  availableAt: number;
  state: 'pending' | 'settled';
}
interface Exchange {
  customer: number;
  ref: string;
  points: number;
  credit: number;
}
interface Model {
  now: number;
  balances: Split[];
  lots: Lot[];
  holds: Hold[];
  seq: number;
  members: Member[];
  orders: OrderPoints[];
  /** Club activity seen: `${customer}:${kind}:${deal}:${day}`, and counted per `${customer}:${kind}:${day}`. */
  seen: Set<string>;
  counted: Map<string, number>;
  exchanges: Exchange[];
}
type Standing = { paidPence: number; refundedPence: number; stands: boolean };
interface Real {
  db: WalletDb;
  run: number;
  tokens: string[];
  /** The orders' standing as the checkout would answer it (the test's double). */
  standings: Map<string, Standing>;
}

// The loyalty rules (spec §3, §5; services/rewards/README.md), written out for the model: the
// level by lifetime points and its exchange rate in pence per 100 points (Pink cannot exchange).
const LEVELS: Array<{ from: number; rate: number }> = [{ from: 0, rate: 0 }, { from: 500, rate: 100 }, { from: 2000, rate: 110 }, { from: 5000, rate: 125 }, { from: 10_000, rate: 150 }];
const rateOf = (lifetime: number) => LEVELS.filter((l) => lifetime >= l.from).at(-1)!.rate;
const pointsFor = (pence: number) => Math.floor(Math.max(pence, 0) / 100) * 10;
const CLUB = { share: { points: 5, cap: 3 }, view: { points: 1, cap: 10 } } as const;

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
    await settlePoints(m, r);
    await expireWalletCredit(r.db, { now: new Date(m.now) });
    for (const lot of m.lots.filter((l) => l.remaining > 0 && l.expiresAt < m.now).sort((a, b) => a.expiresAt - b.expiresAt || a.seq - b.seq)) {
      const balance = m.balances[lot.customer]!;
      balance[lot.bucket] -= Math.min(lot.remaining, balance[lot.bucket]);
      lot.remaining = 0;
    }
  }
  toString() {
    return `advance(${this.hours}h) + settle points + expire`;
  }
}

/**
 * A paid order's points (recorded in the checkout's paying transaction), pending until its refund
 * window (14 days) has passed. An order paid 15 days ago (recorded then) is past it: the settle
 * job runs at once, so that most runs have points to exchange.
 */
class OrderPaid extends Cmd {
  readonly customer: number;
  readonly paidPence: number;
  readonly daysAgo: 0 | 15;
  constructor(customer: number, paidPence: number, daysAgo: 0 | 15) {
    super();
    this.customer = customer;
    this.paidPence = paidPence;
    this.daysAgo = daysAgo;
  }
  async apply(m: Model, r: Real) {
    const id = ref(m, r, 'order-points');
    const paidAt = m.now - this.daysAgo * DAY;
    r.standings.set(id, { paidPence: this.paidPence, refundedPence: 0, stands: true });
    const result = await tx(r, (trx) => recordOrderPoints(trx, { orderId: id, customerToken: r.tokens[this.customer]!, paidPence: this.paidPence, paidAt: new Date(paidAt), now: new Date(paidAt) }));
    const points = pointsFor(this.paidPence);
    expect(result).toEqual({ recorded: points > 0, points });
    if (points > 0) {
      m.members[this.customer]!.pending += points;
      m.orders.push({ id, customer: this.customer, points, availableAt: paidAt + 14 * DAY, state: 'pending' });
    }
    if (this.daysAgo > 0) await settlePoints(m, r);
  }
  toString() {
    return `orderPaid(c${this.customer}, ${this.paidPence}p${this.daysAgo ? `, ${this.daysAgo} days ago + settle` : ''})`;
  }
}

/** The checkout's side changes: part of an order refunded, or its settlement failed (it no longer stands). */
class OrderChanged extends Cmd {
  readonly pick: number;
  readonly percent: number;
  constructor(pick: number, percent: number) {
    super();
    this.pick = pick;
    this.percent = percent;
  }
  override check(m: Readonly<Model>) {
    return m.orders.length > 0;
  }
  async apply(m: Model, r: Real) {
    const standing = r.standings.get(m.orders[this.pick % m.orders.length]!.id)!;
    if (this.percent === 0) standing.stands = false;
    else standing.refundedPence = Math.min(standing.paidPence, standing.refundedPence + Math.floor((standing.paidPence * this.percent) / 100));
  }
  toString() {
    return this.percent === 0 ? `orderFailed(#${this.pick})` : `orderRefunded(#${this.pick}, ${this.percent}%)`;
  }
}

/** Club activity: shares and views of deals (each counts once per deal, kind and London day, within the daily caps). */
class Club extends Cmd {
  readonly customer: number;
  readonly shares: number[];
  readonly views: number[];
  constructor(customer: number, shares: number[], views: number[]) {
    super();
    this.customer = customer;
    this.shares = shares;
    this.views = views;
  }
  async apply(m: Model, r: Real) {
    const now = new Date(m.now);
    const result = await recordClubActivity(r.db, {
      customerToken: r.tokens[this.customer]!,
      now,
      shareDeal: this.shares.map((d) => ({ dealId: `deal-${d}` })),
      viewDeal: this.views.map((d) => ({ dealId: `deal-${d}` })),
    });
    const day = londonDate(now);
    const want = [...this.shares.map((d) => ['share', d] as const), ...this.views.map((d) => ['view', d] as const)].map(([kind, d]) => {
      const first = !m.seen.has(`${this.customer}:${kind}:${d}:${day}`);
      m.seen.add(`${this.customer}:${kind}:${d}:${day}`);
      const key = `${this.customer}:${kind}:${day}`;
      const counted = first && (m.counted.get(key) ?? 0) < CLUB[kind].cap;
      if (counted) m.counted.set(key, (m.counted.get(key) ?? 0) + 1);
      return { kind, dealId: `deal-${d}`, points: counted ? CLUB[kind].points : 0, counted };
    });
    const points = want.reduce((sum, w) => sum + w.points, 0);
    expect(result).toEqual({ points, results: want });
    m.members[this.customer]!.points += points;
    m.members[this.customer]!.lifetime += points;
  }
  toString() {
    return `club(c${this.customer}, share [${this.shares.join(',')}], view [${this.views.join(',')}])`;
  }
}

type ExchangeAsk = { kind: 'zero' } | { kind: 'all' } | { kind: 'percent'; percent: number } | { kind: 'more'; extra: number };

/** Points for wallet credit at the level rate; refused (nothing moved) as the model says. */
class ExchangeCmd extends Cmd {
  readonly customer: number;
  readonly ask: ExchangeAsk;
  /**
   * Most exchanges are of a customer who has points (this one, else the other): points come
   * slowly, after the 14-day window; the others mostly meet "You don't have enough points".
   */
  readonly withPoints: boolean;
  points = 0;
  who = 0;
  constructor(customer: number, ask: ExchangeAsk, withPoints: boolean) {
    super();
    this.customer = customer;
    this.ask = ask;
    this.withPoints = withPoints;
  }
  override check(m: Readonly<Model>) {
    return !this.withPoints || m.members.some((member) => member.points > 0);
  }
  async apply(m: Model, r: Real) {
    this.who = this.withPoints && m.members[this.customer]!.points <= 0 ? 1 - this.customer : this.customer;
    const member = m.members[this.who]!;
    const a = this.ask;
    this.points = a.kind === 'zero' ? 0 : a.kind === 'all' ? member.points : a.kind === 'more' ? member.points + a.extra : Math.max(1, Math.floor((member.points * a.percent) / 100));
    const exchangeRef = ref(m, r, 'exchange');
    const result = await exchangePoints(r.db, { customerToken: r.tokens[this.who]!, points: this.points, ref: exchangeRef, now: new Date(m.now) });
    const rate = rateOf(member.lifetime);
    // Spec §5: no points at all; then the level; then the range 1..points.
    const refusal = member.points <= 0 ? 'NOT_ENOUGH_POINTS' : rate === 0 ? 'LEVEL_TOO_LOW' : this.points < 1 || this.points > member.points ? 'POINTS_OUT_OF_RANGE' : null;
    if (refusal) {
      expect(result).toMatchObject({ ok: false, refusal: { code: refusal } });
      if (refusal === 'NOT_ENOUGH_POINTS') expect(result).toMatchObject({ refusal: { message: "You don't have enough points" } });
      return;
    }
    const credit = Math.floor((this.points * rate) / 100);
    member.points -= this.points;
    expect(result).toEqual({ ok: true, points: this.points, creditPence: credit, replayed: false, member: { customerToken: r.tokens[this.who]!, ...member } });
    m.balances[this.who]!.marketing += credit;
    m.exchanges.push({ customer: this.who, ref: exchangeRef, points: this.points, credit });
  }
  toString() {
    return `exchange(c${this.who}, ${this.ask.kind}${this.ask.kind === 'percent' ? ` ${this.ask.percent}%` : this.ask.kind === 'more' ? ` +${this.ask.extra}` : ''} = ${this.points})`;
  }
}

/** The same exchange ref again (a retried request): the first answer, nothing moved. */
class ReplayExchange extends Cmd {
  readonly pick: number;
  constructor(pick: number) {
    super();
    this.pick = pick;
  }
  override check(m: Readonly<Model>) {
    return m.exchanges.length > 0;
  }
  async apply(m: Model, r: Real) {
    const x = m.exchanges[this.pick % m.exchanges.length]!;
    const result = await exchangePoints(r.db, { customerToken: r.tokens[x.customer]!, points: x.points, ref: x.ref, now: new Date(m.now) });
    expect(result).toEqual({ ok: true, points: x.points, creditPence: x.credit, replayed: true, member: { customerToken: r.tokens[x.customer]!, ...m.members[x.customer]! } });
  }
  toString() {
    return `replayExchange(#${this.pick})`;
  }
}

/** The settle job (run on each clock advance): pending points past their window, against the orders' standing now. */
async function settlePoints(m: Model, r: Real) {
  const standing: OrderStanding = async (_trx, orderId) => {
    const s = r.standings.get(orderId);
    return s ? { ...s } : null;
  };
  for (const [c, token] of r.tokens.entries()) {
    const result = await settleOrderPoints(r.db, { now: new Date(m.now), standing, customerToken: token });
    const want = { settled: 0, removed: 0 };
    for (const o of m.orders.filter((o) => o.customer === c && o.state === 'pending' && o.availableAt <= m.now)) {
      const s = r.standings.get(o.id)!;
      const points = Math.min(s.stands ? pointsFor(s.paidPence - s.refundedPence) : 0, o.points);
      o.state = 'settled';
      const member = m.members[c]!;
      member.pending -= o.points;
      member.points += points;
      member.lifetime += points;
      if (points > 0) want.settled += 1;
      else want.removed += 1;
    }
    expect(result).toEqual(want);
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
    expect(await memberPoints(r.db, token)).toEqual({ customerToken: token, ...m.members[c]! });
  }
  expect(await ledgerViolations(r.db)).toEqual([]);
  expect(await rewardsViolations(r.db)).toEqual([]);
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
// Orders of up to £60 (a few reach Bronze) and of £100 to £600 (Silver to Platinum in a few);
// 0 to 99p earns nothing.
const orderPaid = fc
  .tuple(customer, fc.oneof({ arbitrary: fc.integer({ min: 0, max: 6000 }), weight: 1 }, { arbitrary: fc.integer({ min: 10_000, max: 60_000 }), weight: 2 }), fc.constantFrom<0 | 15>(0, 15, 15))
  .map(([c, p, ago]) => new OrderPaid(c, p, ago));
const orderChanged = fc.tuple(pick, fc.integer({ min: 0, max: 100 })).map(([p, percent]) => new OrderChanged(p, percent));
const club = fc
  .tuple(customer, fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 14 }), { maxLength: 12 }))
  .map(([c, shares, views]) => new Club(c, shares, views));
const exchangeAsk: fc.Arbitrary<ExchangeAsk> = fc.oneof(
  fc.constant({ kind: 'zero' as const }),
  fc.constant({ kind: 'all' as const }),
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ kind: 'percent' as const, percent })),
  fc.integer({ min: 1, max: 500 }).map((extra) => ({ kind: 'more' as const, extra })),
);
const exchange = (withPoints: boolean) => fc.tuple(customer, exchangeAsk).map(([c, a]) => new ExchangeCmd(c, a, withPoints));
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
  orderPaid,
  orderPaid,
  orderPaid,
  orderChanged,
  club,
  exchange(false),
  exchange(true),
  exchange(true),
  exchange(true),
  exchange(true),
  pick.map((p) => new ReplayExchange(p)),
];

describe.each(testDatabases())('M10 model-based test of the wallet ledger and the points exchange on %s', (_name, open) => {
  it(`after every command the balances, the dated credit and the points equal the model's, and both ledgers' invariants hold (${NUM_RUNS} runs, ≤ ${MAX_COMMANDS} commands, seed ${SEED})`, async () => {
    const f = await walletFixture(open);
    await migrateRewards(f.database.db);
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
          run += 1;
          const tokens = [`ct-m10-${run}-a-0123456789`, `ct-m10-${run}-b-0123456789`];
          const setup = () => ({
            model: {
              now: START, balances: [{ marketing: 0, refundable: 0 }, { marketing: 0, refundable: 0 }], lots: [], holds: [], seq: 0,
              members: [{ points: 0, pending: 0, lifetime: 0 }, { points: 0, pending: 0, lifetime: 0 }], orders: [], seen: new Set(), counted: new Map(), exchanges: [],
            } as Model,
            real: { db: f.database.db, run, tokens, standings: new Map() } as Real,
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
