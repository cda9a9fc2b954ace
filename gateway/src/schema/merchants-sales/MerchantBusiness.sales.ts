/**
 * MerchantBusiness.sales (issue 17 point 2): the dashboard's figures for a business the viewer is a
 * member of. The parent is only ever a member's business (MerchantAccount.business/businesses),
 * and the vouchers service is asked about that business's own deal ids only (parent.till.dealIds):
 * a merchant never sees another business's sales (the Z rule). Spread into MerchantBusiness.
 */
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { periodProblem } from '@shop/vouchers/sales/sales.contract';
import type { SalesData } from '../../clients/sales.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import type { MerchantBusinessResolvers } from '../__generated__/resolvers.ts';
import { validationError } from '../user-errors.ts';

/** The period without from and to: the last 30 London days, today included. */
export const DEFAULT_SALES_DAYS = 30;

const money = (amount: number, currency: 'GBP' | 'EUR') => ({ amount, currency });

/** The figures of a business with no deals yet: every day of the period at zero, nothing else. */
function emptySales(from: string, to: string): SalesData {
  const days: SalesData['days'] = [];
  for (let d = from; d <= to; d = addDaysToDate(d, 1)) days.push({ date: d, sold: 0, redeemed: 0, refunded: 0, expired: 0 });
  return { from, to, totals: { sold: 0, redeemed: 0, refunded: 0, expired: 0 }, days, options: [] };
}

export const merchantBusinessSales: Pick<MerchantBusinessResolvers, 'sales'> = {
  sales: async (business, args, ctx) => {
    const to = args.to ?? londonDate(new Date());
    const from = args.from ?? addDaysToDate(to, -(DEFAULT_SALES_DAYS - 1));
    const problem = periodProblem(from, to);
    if (problem) return validationError(problem.field, problem.message);

    const dealIds = business.till.dealIds;
    let data: SalesData;
    try {
      data = dealIds.length ? await ctx.clients.sales.sales(dealIds, from, to) : emptySales(from, to);
    } catch (error) {
      const field = isServiceError(error) && error.status === 400 ? error.fieldErrors.find((e) => e.field === 'from' || e.field === 'to') : undefined;
      if (field) return validationError(field.field, field.message);
      throw error;
    }

    // Deal titles through the per-request loader: one deals call for all the options.
    const deals = await ctx.loaders.dealById.loadMany([...new Set(data.options.map((o) => o.dealId))]);
    const titleOf = new Map(deals.flatMap((d) => (d && !(d instanceof Error) ? [[d.id, d.title] as const] : [])));
    const currencies = new Set(data.options.map((o) => o.currency));
    const currency = currencies.size === 1 ? [...currencies][0]! : currencies.size === 0 ? 'GBP' : null;
    return {
      __typename: 'MerchantSales' as const,
      from: data.from,
      to: data.to,
      totals: data.totals,
      soldValue: currency ? money(data.options.reduce((sum, o) => sum + o.totals.soldValue, 0), currency) : null,
      days: data.days,
      options: data.options.map((o) => ({
        dealId: o.dealId,
        dealTitle: titleOf.get(o.dealId) ?? null,
        optionId: o.dealProductId,
        title: o.title,
        totals: { sold: o.totals.sold, redeemed: o.totals.redeemed, refunded: o.totals.refunded, expired: o.totals.expired },
        soldValue: money(o.totals.soldValue, o.currency),
        days: o.days.map((d) => ({ ...d, soldValue: money(d.soldValue, o.currency) })),
      })),
    };
  },
};
