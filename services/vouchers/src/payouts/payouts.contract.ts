/** Payout statements (issue 17 point 6): the requests and answers of /payouts/*. */
import { z } from '@hono/zod-openapi';
import { PG_INT_MAX } from '@shop/domain/safe-text';
import { DealIds } from '../redemption/redemption.contract.ts';

/** The most weeks one list of statements covers. */
export const STATEMENTS_MAX_WEEKS = 52;

const Bp = z
  .number({ error: 'A whole number of basis points from 0 to 10000.' })
  .int({ error: 'A whole number of basis points from 0 to 10000.' })
  .min(0, { error: 'A whole number of basis points from 0 to 10000.' })
  .max(10_000, { error: 'A whole number of basis points from 0 to 10000.' });
const DealId = z.number().int().min(1).max(PG_INT_MAX);

export const CommissionSchema = z
  .object({
    defaultBp: Bp.openapi({ description: "The business's rate, basis points (2500 = 25%).", example: 2500 }),
    perDeal: z
      .array(z.object({ dealId: DealId, commissionBp: Bp }).strict())
      .max(1000)
      .optional()
      .openapi({ description: 'Deals with a rate of their own (the merchants service\'s deal_commission).' }),
  })
  .strict()
  .openapi('PayoutCommission');

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists, from 2000 to 2999 (a statement's period; later dates would overflow the date arithmetic). */
const realDay = (v: string) => isoDay.test(v) && v >= '2000-01-01' && v <= '2999-12-01' && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const weekdayOf = (v: string) => new Date(`${v}T00:00:00Z`).getUTCDay();

const Currency = z.enum(['GBP', 'EUR']).optional().openapi({ description: 'Vouchers sold in this currency only (default GBP): a statement is in one currency.' });

export const StatementsBodySchema = z
  .object({
    dealIds: DealIds,
    commission: CommissionSchema,
    currency: Currency,
    weeks: z.number().int().min(1).max(STATEMENTS_MAX_WEEKS).openapi({ description: `The last N London weeks, this one included (1–${STATEMENTS_MAX_WEEKS}).`, example: 8 }),
  })
  .strict()
  .openapi('PayoutStatementsRequest');

/**
 * A name printed on a statement, as the catalogue has it: any text (emoji with their joiners
 * included, which the till's own input rules refuse), control characters printed as spaces.
 */
const printedText = (max: number) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters.` })
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
    .transform((text) => text.replace(/[\u0000-\u001f\u007f]/g, ' '));

export const StatementBodySchema = z
  .object({
    dealIds: DealIds,
    commission: CommissionSchema,
    currency: Currency,
    period: z.enum(['week', 'month']).optional().openapi({ description: 'A London week (default) or a London calendar month.' }),
    from: z
      .string()
      .refine(realDay, { error: 'Give a date as YYYY-MM-DD, from 2000.' })
      .openapi({ description: 'The first London day of the period: a Monday for a week, the 1st for a month.', example: '2026-11-23' }),
    businessName: printedText(200).optional().openapi({ description: 'Printed on the CSV and PDF.' }),
    dealTitles: z
      .array(z.object({ dealId: DealId, title: printedText(300) }).strict())
      .max(1000)
      .optional()
      .openapi({ description: "The deals' titles (the caller read them from the deals service), printed beside each option." }),
  })
  .strict()
  .refine((b) => !realDay(b.from) || (b.period ?? 'week') !== 'week' || weekdayOf(b.from) === 1, { path: ['from'], message: 'A weekly statement starts on a Monday.' })
  .refine((b) => !realDay(b.from) || (b.period ?? 'week') !== 'month' || b.from.endsWith('-01'), { path: ['from'], message: 'A monthly statement starts on the 1st.' })
  .openapi('PayoutStatementRequest');

const Pence = z.number().int();
export const TotalsSchema = z
  .object({
    vouchers: z.number().int().openapi({ description: 'Vouchers paid in this period (redeemed, or goods sent and not refunded in it).' }),
    gross: Pence.openapi({ description: 'What their shoppers paid, integer pence.' }),
    commission: Pence.openapi({ description: "The shop's commission on them, integer pence (each line's rounded half up to the penny)." }),
    refunds: z.number().int().openapi({ description: 'Vouchers paid out in an earlier period and refunded in this one.' }),
    refunded: Pence.openapi({ description: 'What those clawbacks take back: their paid value less their commission, integer pence (positive).' }),
    net: Pence.openapi({ description: 'Payable: gross − commission − refunded, which is the sum of the lines\' net.' }),
  })
  .openapi('PayoutTotals');

export const SummarySchema = z
  .object({
    period: z.enum(['week', 'month']),
    startDate: z.string().openapi({ description: 'The first London day, YYYY-MM-DD.' }),
    endDate: z.string().openapi({ description: 'The last London day (included), YYYY-MM-DD.' }),
    from: z.string().openapi({ description: 'ISO instant: London midnight starting the period (included).' }),
    to: z.string().openapi({ description: 'ISO instant: London midnight ending it (excluded).' }),
    final: z.boolean().openapi({ description: 'False until 15 minutes after the period ends (a redemption in its last minutes can still be undone).' }),
    currency: z.enum(['GBP', 'EUR']),
    totals: TotalsSchema,
  })
  .openapi('PayoutStatementSummary');

export const LineSchema = z
  .object({
    voucherId: z.uuid(),
    code: z.string(),
    dealId: z.number().int(),
    dealTitle: z.string().nullable().openapi({ description: 'From dealTitles; null when not given.' }),
    title: z.string().openapi({ description: 'The option bought.' }),
    kind: z.enum(['redeemed', 'sent', 'clawback']),
    at: z.string().openapi({ description: 'ISO instant of the redemption, the sending or (clawback) the refund.' }),
    commissionBp: z.number().int(),
    paid: Pence.openapi({ description: 'Integer pence; negative on a clawback.' }),
    commission: Pence,
    net: Pence,
  })
  .openapi('PayoutLine');

export const StatementSchema = SummarySchema.extend({ lines: z.array(LineSchema).openapi({ description: 'Oldest first.' }) }).openapi('PayoutStatement');
export const StatementsSchema = z.object({ statements: z.array(SummarySchema).openapi({ description: 'Newest first.' }) }).openapi('PayoutStatements');

export type StatementsBody = z.infer<typeof StatementsBodySchema>;
export type StatementBody = z.infer<typeof StatementBodySchema>;
export type Statement = z.infer<typeof StatementSchema>;
export type StatementSummary = z.infer<typeof SummarySchema>;
export type PayoutLineView = z.infer<typeof LineSchema>;
