/**
 * A business's payout statements (issue 17 point 6): the facts read once for the whole range
 * (payouts.store.ts), the lines and totals of each period by the shared rules
 * (@shop/domain/payouts). Nothing is stored: a statement is computed from the vouchers' ledger
 * (events, dispatches, refunds) whenever it is asked for, so it always adds up to it.
 */
import { addDaysToDate, addMonthsToDate, londonDate } from '@shop/domain/london-time';
import type { Currency } from '@shop/domain/money';
import { isStatementFinal, londonMidnight, londonWeeksUpTo, statementLines, statementTotals, type CommissionRates, type PayoutPeriod } from '@shop/domain/payouts';
import type { AnyDb } from '../db/database.ts';
import type { Statement, StatementBody, StatementsBody, StatementSummary } from './payouts.contract.ts';
import { payoutFacts } from './payouts.store.ts';

export function ratesOf(commission: StatementsBody['commission']): CommissionRates {
  const perDeal: Record<number, number> = {};
  for (const d of commission.perDeal ?? []) perDeal[d.dealId] = d.commissionBp;
  return { defaultBp: commission.defaultBp, perDeal };
}

function summaryOf(kind: 'week' | 'month', period: PayoutPeriod, currency: Currency, now: Date, totals: StatementSummary['totals']): StatementSummary {
  return {
    period: kind,
    startDate: londonDate(period.from),
    endDate: londonDate(new Date(period.to.getTime() - 1)),
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    final: isStatementFinal(period, now),
    currency,
    totals,
  };
}

/** The last `weeks` London weeks' totals, newest first (this week so far included). */
export async function statementsOf(db: AnyDb, body: StatementsBody, now: Date): Promise<StatementSummary[]> {
  const currency = body.currency ?? 'GBP';
  const periods = londonWeeksUpTo(now, body.weeks);
  const facts = await payoutFacts(db, { dealIds: body.dealIds, currency, start: periods[periods.length - 1]!.from, end: periods[0]!.to });
  const rates = ratesOf(body.commission);
  return periods.map((p) => summaryOf('week', p, currency, now, statementTotals(statementLines(facts, p, rates))));
}

/** The period a statement request names: the London week starting on its Monday, or the London month starting on its 1st. */
export function periodOf(body: Pick<StatementBody, 'from' | 'period'>): PayoutPeriod {
  const end = (body.period ?? 'week') === 'month' ? addMonthsToDate(body.from, 1) : addDaysToDate(body.from, 7);
  return { from: londonMidnight(body.from), to: londonMidnight(end) };
}

/** One statement with its lines. */
export async function statementOf(db: AnyDb, body: StatementBody, now: Date): Promise<Statement> {
  const currency = body.currency ?? 'GBP';
  const period = periodOf(body);
  const facts = await payoutFacts(db, { dealIds: body.dealIds, currency, start: period.from, end: period.to });
  const lines = statementLines(facts, period, ratesOf(body.commission));
  const titles = new Map((body.dealTitles ?? []).map((d) => [d.dealId, d.title]));
  return {
    ...summaryOf(body.period ?? 'week', period, currency, now, statementTotals(lines)),
    lines: lines.map((l) => ({ ...l, at: l.at.toISOString(), dealTitle: titles.get(l.dealId) ?? null })),
  };
}
