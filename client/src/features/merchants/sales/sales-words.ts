/** How the sales dashboard writes its days and counts (issue 17 point 2). */

const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const long = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const dayOfWeek = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** "27 Nov": a London calendar day (YYYY-MM-DD) on the chart's axis. */
export const shortDay = (day: string) => short.format(asDate(day));
/** "Fri, 27 Nov 2026": a day in the tables. */
export const longDay = (day: string) => long.format(asDate(day));
/** "Fri 27 Nov": a row of the table by day (the period, at most 90 days, is said above it with its years). */
export const dayInPeriod = (day: string) => dayOfWeek.format(asDate(day)).replace(',', '');
/** "1,234" */
export const count = (n: number) => n.toLocaleString('en-GB');

/** The periods a merchant picks from, in days ending today (London). */
export const SALES_PERIODS = [7, 30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
const DEFAULT_SALES_PERIOD: SalesPeriod = 30;
export const periodOf = (value: string | null): SalesPeriod => SALES_PERIODS.find((p) => String(p) === value) ?? DEFAULT_SALES_PERIOD;

/** The four figures, in the order every table and the chart show them. */
export const FIGURES = [
  { key: 'sold', label: 'Sold' },
  { key: 'redeemed', label: 'Redeemed' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'expired', label: 'Expired' },
] as const;
