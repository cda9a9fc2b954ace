/**
 * MerchantBusiness.payoutStatements and payoutStatement (issue 17 point 6). The parent is only
 * ever a member's business (MerchantAccount.business/businesses), and the vouchers service is
 * asked about that business's own deal ids only: a merchant never sees another business's
 * statement (the Z rule). Spread into MerchantBusiness.
 */
import { percentOfBp } from '@shop/domain/payouts-csv';
import type { PayoutStatementData, PayoutSummaryData } from '../../clients/payouts.client.ts';
import type { MerchantBusinessResolvers, PayoutLineKind } from '../__generated__/resolvers.ts';
import { validationError } from '../user-errors.ts';
import { PAYOUT_WEEKS_MAX, payoutFileUrl, statementOf, statementsOf, weekStartProblem } from './payouts.ts';

const money = (amount: number, currency: 'GBP' | 'EUR') => ({ amount, currency });

function summaryView(businessId: number, s: PayoutSummaryData) {
  const t = s.totals;
  return {
    startDate: s.startDate,
    endDate: s.endDate,
    final: s.final,
    totals: { vouchers: t.vouchers, gross: money(t.gross, s.currency), commission: money(t.commission, s.currency), refunds: t.refunds, refunded: money(t.refunded, s.currency), net: money(t.net, s.currency) },
    csvUrl: payoutFileUrl(businessId, s.startDate, 'csv'),
    pdfUrl: payoutFileUrl(businessId, s.startDate, 'pdf'),
  };
}

export const merchantBusinessPayouts: Pick<MerchantBusinessResolvers, 'payoutStatements' | 'payoutStatement'> = {
  payoutStatements: async (business, { first }, ctx) => {
    const weeks = Math.min(Math.max(first ?? 8, 1), PAYOUT_WEEKS_MAX);
    return (await statementsOf(ctx, business.data, weeks)).map((s) => summaryView(business.data.id, s));
  },
  payoutStatement: async (business, { from }, ctx) => {
    const problem = weekStartProblem(from);
    if (problem) return validationError('from', problem);
    const s: PayoutStatementData = await statementOf(ctx, business.data, from);
    // Deal titles through the per-request loader: one deals call for the statement's deals.
    const deals = await ctx.loaders.dealById.loadMany([...new Set(s.lines.map((l) => l.dealId))]);
    const titleOf = new Map(deals.flatMap((d) => (d && !(d instanceof Error) ? [[d.id, d.title] as const] : [])));
    return {
      __typename: 'PayoutStatement' as const,
      ...summaryView(business.data.id, s),
      lines: s.lines.map((l) => ({
        code: l.code,
        dealTitle: titleOf.get(l.dealId) ?? null,
        title: l.title,
        kind: l.kind.toUpperCase() as PayoutLineKind,
        at: l.at,
        commissionRate: percentOfBp(l.commissionBp),
        paid: money(l.paid, s.currency),
        commission: money(l.commission, s.currency),
        net: money(l.net, s.currency),
      })),
    };
  },
};
