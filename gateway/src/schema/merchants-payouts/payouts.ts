/**
 * What the payout resolvers and the download routes share (issue 17 point 6): the request for a
 * member's business (its own deal ids, its commission rates from the merchants service, the
 * deals' titles), the download URLs, and the statement of a business with no deals yet (built
 * here: nothing to ask the vouchers service, every figure zero).
 */
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { isLondonWeekStart, isStatementFinal, londonMidnight, londonWeeksUpTo } from '@shop/domain/payouts';
import type { MemberBusinessData } from '../../clients/merchant-businesses.client.ts';
import type { PayoutStatementData, PayoutStatementRequest, PayoutSummaryData } from '../../clients/payouts.client.ts';
import type { GatewayContext } from '../../context.ts';

/** The download routes live under the dashboard's section: /insights/payouts/{business id}/payout-statement-{Monday}.{csv|pdf}. */
export const PAYOUT_FILES_PATH = '/insights/payouts';
export const payoutFileUrl = (businessId: number, startDate: string, format: 'csv' | 'pdf') => `${PAYOUT_FILES_PATH}/${businessId}/payout-statement-${startDate}.${format}`;

/** The most weeks one list shows. */
export const PAYOUT_WEEKS_MAX = 52;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** Why `from` is not the Monday a London week starts on; null when it is. */
export function weekStartProblem(from: string): string | null {
  if (!isoDay.test(from) || from < '2000-01-01' || from > '2999-12-01' || new Date(`${from}T00:00:00Z`).toISOString().slice(0, 10) !== from) return 'Give a date as YYYY-MM-DD, from 2000.';
  return isLondonWeekStart(londonMidnight(from)) ? null : 'A weekly statement starts on a Monday.';
}

/** The rates the business's statements are computed with: its own, and its deals' own (merchants service). */
async function commissionOf(ctx: GatewayContext, business: MemberBusinessData): Promise<PayoutStatementRequest['commission']> {
  const rates = await ctx.clients.payouts.commissionOf(business.id);
  return { defaultBp: rates?.defaultBp ?? business.commissionBp, perDeal: rates?.perDeal ?? [] };
}

/** The request for one week of a member's business, with its deals' titles (for the CSV and PDF). */
export async function statementRequest(ctx: GatewayContext, business: MemberBusinessData, from: string, withTitles: boolean): Promise<PayoutStatementRequest> {
  const request: PayoutStatementRequest = { dealIds: business.dealIds, commission: await commissionOf(ctx, business), from, businessName: business.name.slice(0, 200) };
  if (withTitles && business.dealIds.length) {
    const deals = await ctx.loaders.dealById.loadMany(business.dealIds.slice(0, 1000));
    request.dealTitles = deals.flatMap((d) => (d && !(d instanceof Error) ? [{ dealId: d.id, title: d.title.slice(0, 300) }] : []));
  }
  return request;
}

const ZERO = { vouchers: 0, gross: 0, commission: 0, refunds: 0, refunded: 0, net: 0 };

function emptySummary(from: Date, to: Date, now: Date): PayoutSummaryData {
  return { period: 'week', startDate: londonDate(from), endDate: londonDate(new Date(to.getTime() - 1)), from: from.toISOString(), to: to.toISOString(), final: isStatementFinal({ from, to }, now), currency: 'GBP', totals: ZERO };
}

/** The last `weeks` weeks of a business: from the vouchers service, or all zero when it has no deals yet. */
export async function statementsOf(ctx: GatewayContext, business: MemberBusinessData, weeks: number): Promise<PayoutSummaryData[]> {
  if (!business.dealIds.length) {
    const now = new Date();
    return londonWeeksUpTo(now, weeks).map((p) => emptySummary(p.from, p.to, now));
  }
  return ctx.clients.payouts.statements(business.dealIds, await commissionOf(ctx, business), weeks);
}

/** One week of a business, `from` already checked to be a Monday. */
export async function statementOf(ctx: GatewayContext, business: MemberBusinessData, from: string): Promise<PayoutStatementData> {
  if (!business.dealIds.length) {
    const start = londonMidnight(from);
    return { ...emptySummary(start, londonMidnight(addDaysToDate(from, 7)), new Date()), lines: [] };
  }
  return ctx.clients.payouts.statement(await statementRequest(ctx, business, from, false));
}
