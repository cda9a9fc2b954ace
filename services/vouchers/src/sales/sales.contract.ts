/** The merchant's sales figures (issue 17 point 2): the request and the answer of POST /sales. */
import { z } from '@hono/zod-openapi';
import { DealIds } from '../redemption/redemption.contract.ts';

/** The longest period one request covers, in London days (a leap year). */
export const SALES_MAX_DAYS = 366;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists ('2026-02-30' does not). */
const realDay = (v: string) => isoDay.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const LondonDay = z
  .string()
  .refine(realDay, { error: 'Give a date as YYYY-MM-DD.' })
  .openapi({ description: 'A London calendar day, YYYY-MM-DD.', example: '2026-11-27' });

/** Whole days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** What is wrong with a period of London days, naming the field; null when it is fine (the gateway asks before calling). */
export function periodProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!realDay(from)) return { field: 'from', message: 'Give a date as YYYY-MM-DD.' };
  if (!realDay(to)) return { field: 'to', message: 'Give a date as YYYY-MM-DD.' };
  if (from > to) return { field: 'to', message: 'The end of the period must not be before its start.' };
  if (daysBetween(from, to) > SALES_MAX_DAYS) return { field: 'to', message: `Choose a period of at most ${SALES_MAX_DAYS} days.` };
  return null;
}

export const SalesBodySchema = z
  .object({
    dealIds: DealIds,
    from: LondonDay.openapi({ description: 'The first London day of the period (included).' }),
    to: LondonDay.openapi({ description: `The last London day of the period (included); at most ${SALES_MAX_DAYS} days after from, counting both.` }),
  })
  .strict()
  .superRefine((b, ctx) => {
    // Each date alone is checked above; here only how they stand together.
    const problem = realDay(b.from) && realDay(b.to) ? periodProblem(b.from, b.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .openapi('SalesRequest');

const Count = z.number().int();
export const FiguresSchema = z
  .object({
    sold: Count.openapi({ description: 'Vouchers issued (paid) that day, by paid_at; vouchers cancelled because the payment was declined at settlement are not sales and are left out.' }),
    redeemed: Count.openapi({ description: 'Redemptions made that day that stand: a redemption undone (within its 15 minutes, whatever the day of the undo) does not count; a voucher redeemed again counts on the day of the new redemption.' }),
    refunded: Count.openapi({ description: 'Vouchers that became Refunded that day (a refund within 14 days, or returned goods).' }),
    expired: Count.openapi({ description: 'Vouchers that became Expired that day (the expiry job).' }),
  })
  .openapi('SalesFigures');

const Day = z.string().openapi({ description: 'The London day, YYYY-MM-DD.', example: '2026-11-27' });
export const DayFiguresSchema = FiguresSchema.extend({ date: Day }).openapi('SalesDay');
export const OptionDaySchema = FiguresSchema.extend({
  date: Day,
  soldValue: Count.openapi({ description: 'What the vouchers sold that day were paid, integer pence (after promo discounts), in the option\'s currency.' }),
}).openapi('SalesOptionDay');

export const OptionSalesSchema = z
  .object({
    dealId: z.number().int(),
    dealProductId: z.number().int().openapi({ description: 'The option (voucher.deal_product_id).' }),
    title: z.string().openapi({ description: "The option's title as its vouchers carry it." }),
    currency: z.enum(['GBP', 'EUR']),
    totals: FiguresSchema.extend({ soldValue: Count.openapi({ description: 'Integer pence.' }) }),
    days: z.array(OptionDaySchema).openapi({ description: 'Only the days with something to count, oldest first.' }),
  })
  .openapi('OptionSales');

export const SalesAnswerSchema = z
  .object({
    from: Day,
    to: Day,
    totals: FiguresSchema,
    days: z.array(DayFiguresSchema).openapi({ description: 'Every day of the period, oldest first (zeros included), all the options together.' }),
    options: z.array(OptionSalesSchema).openapi({ description: 'Each option with something to count in the period, by deal then option.' }),
  })
  .openapi('Sales');

export type SalesAnswer = z.infer<typeof SalesAnswerSchema>;
export type SalesFigures = z.infer<typeof FiguresSchema>;
