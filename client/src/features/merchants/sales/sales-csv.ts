/**
 * The sales dashboard's CSV (issue 17 point 2): everything the dashboard shows, one row per deal,
 * option and London day with something to count, generated in the browser. Money is in pounds
 * with 2 decimals (the header says so, with the currency in its own column), never a float sum:
 * the pence are summed first and only divided to be written. The CSV itself is made the one way
 * the whole dashboard makes one (../csv.ts).
 */
import { csvFileName, csvText } from '../csv.ts';

interface CsvFigures {
  readonly sold: number;
  readonly redeemed: number;
  readonly refunded: number;
  readonly expired: number;
}
export interface CsvSales {
  readonly from: string;
  readonly to: string;
  readonly options: ReadonlyArray<{
    readonly dealId: number;
    readonly dealTitle: string | null | undefined;
    readonly optionId: number;
    readonly title: string;
    readonly days: ReadonlyArray<CsvFigures & { readonly date: string; readonly soldValue: { readonly amount: number; readonly currency: string } }>;
  }>;
}

const SALES_CSV_HEADER = ['date', 'deal_id', 'deal', 'option_id', 'option', 'sold', 'redeemed', 'refunded', 'expired', 'sold_value_pounds', 'currency'] as const;

/** Pence as pounds with 2 decimals: 123456 → "1234.56", -5 → "-0.05". */
export const poundsOf = (pence: number) => `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

/** The file: the header, then the rows by date, deal and option; CRLF line ends (RFC 4180). */
export function salesCsv(sales: CsvSales): string {
  const rows = sales.options.flatMap((o) =>
    o.days.map((d) => ({ date: d.date, cells: [d.date, o.dealId, o.dealTitle ?? '', o.optionId, o.title, d.sold, d.redeemed, d.refunded, d.expired, poundsOf(d.soldValue.amount), d.soldValue.currency] })),
  );
  // Stable: options come by deal then option, so sorting by date keeps that order within a day.
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return csvText(SALES_CSV_HEADER, rows.map((r) => r.cells));
}

/** "sales-the-willow-tearooms-2026-10-29-to-2026-11-27.csv" */
export const salesCsvName = (businessName: string, from: string, to: string) => csvFileName('sales', businessName, `${from}-to-${to}`);
