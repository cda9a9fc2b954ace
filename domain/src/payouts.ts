/**
 * Payout statements (issue 17 point 6): what the shop owes a business for a period, line by line,
 * in integer pence. The vouchers service gathers the facts with SQL (every redemption of the
 * business's deals, each goods voucher marked sent, and the refund of each, if any); these pure
 * rules turn them into a period's lines, so the service, the gateway and the tests share one table.
 *
 * - A period is a London week, Monday 00:00 to the next Monday 00:00 (or a London calendar month):
 *   half-open, `from <= at < to`.
 * - A **payout line** (`redeemed`, `sent`) is a voucher redeemed (a redemption that was undone is
 *   never paid: an undo is only allowed within 15 minutes of it) or goods marked sent in the
 *   period, at what the shopper paid for it (`voucher.paid`), unless it was refunded (returned)
 *   within the same period: then neither line appears.
 * - A **clawback line** is a voucher paid out in an earlier period (its redemption or sending
 *   before `from`) and refunded in this one: its paid value and its commission come back, negative.
 * - A voucher is paid once, for its first payable event (payableFacts).
 * - Commission per line: `paid × bp / 10 000`, **rounded half up to the penny** (12.5p → 13p),
 *   at the deal's own rate when it has one, else the business's rate. A clawback takes back
 *   exactly the commission of the line it reverses (same rule, same rate).
 * - Totals are sums of the lines, so `gross − commission − refunds = net = Σ line.net` exactly.
 * - A statement is final 15 minutes after its period ends (a redemption in its last minutes can
 *   still be undone until then).
 */
import { addDaysToDate, addMonthsToDate, londonDate, nextLondonMidnight } from './london-time.ts';
import { REDEMPTION_UNDO_MINUTES } from './voucher-status.ts';

export type PayoutLineKind = 'redeemed' | 'sent' | 'clawback';

/** One payable event the service read: a redemption (with its undo, if any) or goods marked sent (with the voucher's refund, if any). */
export interface PayoutFact {
  voucherId: string;
  code: string;
  dealId: number;
  /** The option bought (the voucher's title). */
  title: string;
  /** What the shopper paid for this voucher, integer pence. */
  paid: number;
  kind: 'redeemed' | 'sent';
  /** When it was redeemed or marked sent. */
  at: Date;
  /** When that redemption was undone; null if it stands (always null for sent goods). */
  undoneAt: Date | null;
  /** When the voucher was refunded (a return refunded, or any refund), null if never. */
  refundedAt: Date | null;
}

export interface PayoutPeriod {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** The shop's commission: the business's rate and the deals with a rate of their own, in basis points (2500 = 25%). */
export interface CommissionRates {
  defaultBp: number;
  perDeal: Readonly<Record<number, number>>;
}

export interface PayoutLine {
  voucherId: string;
  code: string;
  dealId: number;
  title: string;
  kind: PayoutLineKind;
  /** The redemption, the sending, or (clawback) the refund. */
  at: Date;
  commissionBp: number;
  /** Pence; negative on a clawback. */
  paid: number;
  commission: number;
  net: number;
}

export interface PayoutTotals {
  /** Payout lines (vouchers paid in this period). */
  vouchers: number;
  /** Σ paid of the payout lines. */
  gross: number;
  /** Σ commission of the payout lines. */
  commission: number;
  /** Clawback lines. */
  refunds: number;
  /** What the clawbacks take back: Σ (paid − commission) of the vouchers refunded, a positive number. */
  refunded: number;
  /** gross − commission − refunded = Σ net of every line. */
  net: number;
}

/** The deal's own rate, else the business's. */
export function commissionBpOf(dealId: number, rates: CommissionRates): number {
  return rates.perDeal[dealId] ?? rates.defaultBp;
}

/** `paid × bp / 10 000` rounded half up to the penny, for a non-negative amount (integer arithmetic: no float rounding). */
export function commissionOf(paid: number, bp: number): number {
  if (!Number.isSafeInteger(paid) || paid < 0) throw new RangeError(`Not an amount in pence: ${paid}`);
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`Not a rate in basis points: ${bp}`);
  return Math.floor((paid * bp + 5_000) / 10_000);
}

const within = (at: Date, p: PayoutPeriod) => at.getTime() >= p.from.getTime() && at.getTime() < p.to.getTime();

/**
 * A voucher is paid once, for its first payable event: a redemption that stands (not undone), or
 * its sending. Goods redeemed in the shop and posted too, or redeemed again after an undo, are not
 * paid twice.
 */
export function payableFacts(facts: readonly PayoutFact[]): PayoutFact[] {
  const first = new Map<string, PayoutFact>();
  for (const f of facts) {
    if (f.undoneAt !== null) continue;
    const seen = first.get(f.voucherId);
    if (!seen || f.at.getTime() < seen.at.getTime()) first.set(f.voucherId, f);
  }
  return [...first.values()];
}

/** A period's lines from the facts (any facts: those outside the period give nothing), oldest first, then by code. */
export function statementLines(facts: readonly PayoutFact[], period: PayoutPeriod, rates: CommissionRates): PayoutLine[] {
  const lines: PayoutLine[] = [];
  for (const f of payableFacts(facts)) {
    const bp = commissionBpOf(f.dealId, rates);
    const commission = commissionOf(f.paid, bp);
    const base = { voucherId: f.voucherId, code: f.code, dealId: f.dealId, title: f.title, commissionBp: bp };
    const refunded = f.refundedAt !== null && f.refundedAt.getTime() >= f.at.getTime() ? f.refundedAt : null;
    if (within(f.at, period)) {
      // Refunded before the period ended: never paid, so nothing to claw back either.
      if (refunded === null || refunded.getTime() >= period.to.getTime()) lines.push({ ...base, kind: f.kind, at: f.at, paid: f.paid, commission, net: f.paid - commission });
    } else if (refunded !== null && within(refunded, period) && f.at.getTime() < period.from.getTime()) {
      lines.push({ ...base, kind: 'clawback', at: refunded, paid: 0 - f.paid, commission: 0 - commission, net: commission - f.paid });
    }
  }
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || (a.kind < b.kind ? -1 : 1));
}

export function statementTotals(lines: readonly PayoutLine[]): PayoutTotals {
  const t: PayoutTotals = { vouchers: 0, gross: 0, commission: 0, refunds: 0, refunded: 0, net: 0 };
  for (const l of lines) {
    if (l.kind === 'clawback') {
      t.refunds += 1;
      t.refunded -= l.net;
    } else {
      t.vouchers += 1;
      t.gross += l.paid;
      t.commission += l.commission;
    }
    t.net += l.net;
  }
  return t;
}

/** The London midnight that starts a 'YYYY-MM-DD' day (midnight is never skipped by the UK clock changes). */
export function londonMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return nextLondonMidnight(new Date(Date.UTC(y, m - 1, d - 1, 12)));
}

/** The London week (Monday 00:00 to the next Monday 00:00) that `at` is in. */
export function londonWeekOf(at: Date): PayoutPeriod {
  const today = londonDate(at);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDaysToDate(today, -weekday);
  return { from: londonMidnight(monday), to: londonMidnight(addDaysToDate(monday, 7)) };
}

/** The London calendar month that `at` is in. */
export function londonMonthOf(at: Date): PayoutPeriod {
  const first = `${londonDate(at).slice(0, 7)}-01`;
  return { from: londonMidnight(first), to: londonMidnight(addMonthsToDate(first, 1)) };
}

/** The `n` London weeks up to and including the one `now` is in, newest first. */
export function londonWeeksUpTo(now: Date, n: number): PayoutPeriod[] {
  const weeks: PayoutPeriod[] = [];
  let week = londonWeekOf(now);
  for (let i = 0; i < n; i++) {
    weeks.push(week);
    week = londonWeekOf(new Date(week.from.getTime() - 1));
  }
  return weeks;
}

/** Whether `from` starts a London week (a Monday's London midnight): a statement period's start. */
export function isLondonWeekStart(from: Date): boolean {
  return londonWeekOf(from).from.getTime() === from.getTime();
}

/** A period's statement no longer changes once no redemption in it can be undone. */
export function isStatementFinal(period: PayoutPeriod, now: Date): boolean {
  return now.getTime() >= period.to.getTime() + REDEMPTION_UNDO_MINUTES * 60_000;
}
