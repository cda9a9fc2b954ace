/** How the Payouts section writes its weeks and lines (issue 17 point 6). */

const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const stamp = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const asDate = (d: string) => new Date(`${d}T12:00:00Z`);

/** "23 Nov 2026 to 29 Nov 2026": a London week (its Monday and Sunday, YYYY-MM-DD). */
export const weekLabel = (startDate: string, endDate: string) => `${day.format(asDate(startDate))} to ${day.format(asDate(endDate))}`;
/** "Mon, 23 Nov, 14:05": when a line happened, London time. */
export const lineTime = (iso: string) => stamp.format(new Date(iso));

export const KIND_WORDS: Record<string, string> = { REDEEMED: 'Redeemed', SENT: 'Sent', CLAWBACK: 'Refunded (taken back)' };

/** The rule every statement follows, in the merchant's words. */
export const PAYOUT_RULE =
  "Each voucher redeemed (or, for goods, sent and not returned) is paid at what its shopper paid, less our commission at the deal's rate, rounded to the nearest penny (half a penny up). " +
  'A voucher paid in an earlier week and refunded later is taken back in the week of the refund. Weeks run Monday to Sunday, London time.';
