/**
 * A payout statement as an A4 landscape PDF (@react-pdf/renderer, the Inter font from local files through
 * print/pdf-kit.ts, like the printed voucher): the business, the period, the totals, then every
 * line in a table whose header repeats on each page. Written with createElement (services run
 * .ts without a JSX transform).
 */
import { Document, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { londonDateInWords } from '@shop/domain/london-time';
import { formatMoney } from '@shop/domain/money';
import { lineDescription, londonStampOf, PAYOUT_KIND_WORDS, percentOfBp } from '@shop/domain/payouts-csv';
import { PDF_FONT } from '../print/pdf-kit.ts';
import type { Statement } from './payouts.contract.ts';

const INK = '#1f2a37';
const MUTED = '#5f6b7a';
const THISTLE = '#5b2a86';
const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 9, color: INK, paddingTop: 40, paddingBottom: 56, paddingHorizontal: 36 },
  brand: { fontSize: 18, fontWeight: 700, color: THISTLE },
  heading: { fontSize: 14, fontWeight: 700, marginTop: 12 },
  sub: { fontSize: 10, color: MUTED, marginTop: 2 },
  totals: { marginTop: 16, borderWidth: 1, borderColor: THISTLE, borderRadius: 6, padding: 12, flexDirection: 'row', flexWrap: 'wrap' },
  total: { width: '20%', marginBottom: 6 },
  // No letter spacing: the PDF's text stays readable (copied, searched, read aloud).
  totalLabel: { fontSize: 8, color: MUTED },
  totalValue: { fontSize: 12, fontWeight: 700, marginTop: 2 },
  table: { marginTop: 16 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderColor: '#d5d9e0', paddingVertical: 3 },
  head: { flexDirection: 'row', borderBottomWidth: 1, borderColor: INK, paddingVertical: 3, fontWeight: 700 },
  // Landscape: the codes (20 characters) and the money columns need the width.
  date: { width: '12%', paddingRight: 6 },
  kind: { width: '11%', paddingRight: 6 },
  code: { width: '17%', paddingRight: 6 },
  what: { width: '29%', paddingRight: 6 },
  num: { width: '9%', textAlign: 'right', paddingLeft: 4 },
  commission: { width: '13%', textAlign: 'right', paddingLeft: 4 },
  empty: { marginTop: 12, color: MUTED },
  note: { marginTop: 16, fontSize: 8, color: MUTED, lineHeight: 1.4 },
  footer: { position: 'absolute', bottom: 24, left: 36, right: 36, fontSize: 8, color: MUTED, textAlign: 'center' },
});

const money = (pence: number, currency: Statement['currency']) => formatMoney(pence, currency);

function statementDocument(s: Statement, businessName: string | null): ReactElement<DocumentProps> {
  const t = s.totals;
  const period = `${londonDateInWords(s.from)} to ${londonDateInWords(new Date(new Date(s.to).getTime() - 1))}`;
  const total = (label: string, value: string) => h(View, { style: styles.total }, h(Text, { style: styles.totalLabel }, label), h(Text, { style: styles.totalValue }, value));
  const header = h(
    View,
    { style: styles.head, fixed: true },
    h(Text, { style: styles.date }, 'Date'),
    h(Text, { style: styles.kind }, 'Kind'),
    h(Text, { style: styles.code }, 'Voucher'),
    h(Text, { style: styles.what }, 'Deal and option'),
    h(Text, { style: styles.num }, 'Paid'),
    h(Text, { style: styles.commission }, 'Commission'),
    h(Text, { style: styles.num }, 'Net'),
  );
  return h(
    Document,
    { title: `Payout statement ${s.startDate}${businessName ? `: ${businessName}` : ''}`, author: 'Thistle Deals', language: 'en-GB' },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: styles.page, wrap: true },
      h(Text, { style: styles.brand }, 'Thistle Deals'),
      h(Text, { style: styles.heading }, 'Payout statement'),
      businessName ? h(Text, { style: styles.sub }, businessName) : null,
      h(Text, { style: styles.sub }, `${s.period === 'week' ? 'Week' : 'Month'}: ${period} (London time)${s.final ? '' : '. Provisional: the period is not over yet.'}`),
      h(
        View,
        { style: styles.totals },
        total('Vouchers paid', String(t.vouchers)),
        total('Gross', money(t.gross, s.currency)),
        total('Commission', money(t.commission, s.currency)),
        total(`Refunds (${t.refunds})`, money(t.refunded, s.currency)),
        total('Net payable', money(t.net, s.currency)),
      ),
      h(
        View,
        { style: styles.table },
        header,
        ...s.lines.map((l, i) =>
          h(
            View,
            { key: i, style: styles.row, wrap: false },
            h(Text, { style: styles.date }, londonStampOf(l.at)),
            h(Text, { style: styles.kind }, PAYOUT_KIND_WORDS[l.kind]),
            h(Text, { style: styles.code }, l.code),
            h(Text, { style: styles.what }, lineDescription(l.dealTitle, l.title)),
            h(Text, { style: styles.num }, money(l.paid, s.currency)),
            h(Text, { style: styles.commission }, `${money(l.commission, s.currency)} (${percentOfBp(l.commissionBp)})`),
            h(Text, { style: styles.num }, money(l.net, s.currency)),
          ),
        ),
      ),
      s.lines.length === 0 ? h(Text, { style: styles.empty }, 'No vouchers were redeemed, sent or refunded in this period.') : null,
      h(
        Text,
        { style: styles.note },
        "Each voucher is paid at what its shopper paid, less the shop's commission at the deal's rate, rounded half up to the penny; the totals are the sums of the lines. " +
          'A voucher paid in an earlier statement and refunded in this period is taken back at its paid value less its commission.',
      ),
      h(Text, { style: styles.footer, fixed: true, render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Thistle Deals payout statement ${s.startDate}. Page ${pageNumber} of ${totalPages}.` }),
    ),
  );
}

export function statementPdf(s: Statement, businessName: string | null): Promise<Buffer> {
  return renderToBuffer(statementDocument(s, businessName));
}
