/**
 * A payout statement as CSV (RFC 4180, CRLF lines): one row per line, then the totals. Amounts
 * in pounds with two decimals (decimalAmount: made from the pence, never a float), dates in
 * London time. Text a merchant or a deal wrote (titles) is guarded against spreadsheet formulas:
 * a cell starting with = + - @ or a tab gets a leading apostrophe.
 */
import { decimalAmount } from './money.ts';
import type { PayoutLineKind, PayoutTotals } from './payouts.ts';

export interface CsvStatementLine {
  code: string;
  dealTitle: string | null;
  title: string;
  kind: PayoutLineKind;
  at: string;
  commissionBp: number;
  paid: number;
  commission: number;
  net: number;
}

export const PAYOUT_KIND_WORDS: Record<PayoutLineKind, string> = { redeemed: 'Redeemed', sent: 'Sent', clawback: 'Refund (clawback)' };

const londonStamp = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'YYYY-MM-DD HH:MM' in London. */
export function londonStampOf(iso: string): string {
  const p = Object.fromEntries(londonStamp.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A line's deal and option in one phrase; an option already named after its deal ("Tea at the Willow: Tea for two") is not repeated. */
export function lineDescription(dealTitle: string | null | undefined, title: string): string {
  return dealTitle && !title.startsWith(dealTitle) ? `${dealTitle}: ${title}` : title;
}

/** A rate in basis points as a percentage: 2500 → "25%", 1250 → "12.5%". */
export function percentOfBp(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

function cell(value: string, text = false): string {
  const guarded = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function payoutStatementCsv(statement: { lines: readonly CsvStatementLine[]; totals: PayoutTotals }): string {
  const rows: string[][] = [['Date (London)', 'Kind', 'Voucher code', 'Deal', 'Option', 'Paid', 'Commission rate', 'Commission', 'Net']];
  for (const l of statement.lines) {
    rows.push([londonStampOf(l.at), PAYOUT_KIND_WORDS[l.kind], cell(l.code, true), cell(l.dealTitle ?? '', true), cell(l.title, true), decimalAmount(l.paid), percentOfBp(l.commissionBp), decimalAmount(l.commission), decimalAmount(l.net)]);
  }
  const t = statement.totals;
  rows.push([]);
  rows.push(['Vouchers paid', String(t.vouchers)]);
  rows.push(['Gross', decimalAmount(t.gross)]);
  rows.push(['Commission', decimalAmount(t.commission)]);
  rows.push([`Refunds (${t.refunds})`, decimalAmount(t.refunded)]);
  rows.push(['Net payable', decimalAmount(t.net)]);
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
