/**
 * The printable voucher (issue 16 point 4): an A4 PDF made with @react-pdf/renderer, fonts from
 * the local @fontsource/inter files (never a URL), with the code, the deal and merchant, what to
 * do to redeem, the terms as sold, the expiry, and a QR code (qrcode) of the signed redemption
 * link (redemption-link.ts), never the bare code. Services run .ts without a JSX transform, so the
 * document is written with createElement.
 */
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { londonDateInWords } from '@shop/domain/london-time';
import { formatMoney } from '@shop/domain/money';
import { VOUCHER_STATUS_DESCRIPTIONS } from '@shop/domain/voucher-status';
import type { VoucherRow } from '../issue/issue.ts';
import { PDF_FONT, qrPng } from './pdf-kit.ts';

/** What the voucher says of its deal: the catalogue's words, as the gateway read them from the deals service. */
export interface PrintedDeal {
  title: string;
  merchant: { name: string; address: string; postcode: string };
  finePrint: readonly string[];
  howToRedeem: string;
}

const INK = '#1f2a37';
const THISTLE = '#5b2a86';
const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 10, color: INK, padding: 40 },
  brand: { fontSize: 18, fontWeight: 700, color: THISTLE },
  strap: { fontSize: 9, color: '#5f6b7a', marginTop: 2 },
  card: { marginTop: 24, borderWidth: 2, borderColor: THISTLE, borderRadius: 8, padding: 20, flexDirection: 'row' },
  main: { flexGrow: 1, flexShrink: 1, paddingRight: 16 },
  title: { fontSize: 16, fontWeight: 700, marginBottom: 4 },
  option: { fontSize: 11, marginBottom: 12 },
  label: { fontSize: 8, color: '#5f6b7a', textTransform: 'uppercase', letterSpacing: 1, marginTop: 8 },
  code: { fontSize: 20, fontWeight: 700, letterSpacing: 2, marginTop: 2 },
  value: { fontSize: 11, marginTop: 2 },
  qr: { width: 150, alignItems: 'center' },
  qrImage: { width: 140, height: 140 },
  qrNote: { fontSize: 7, color: '#5f6b7a', textAlign: 'center', marginTop: 4 },
  section: { marginTop: 20 },
  heading: { fontSize: 11, fontWeight: 700, marginBottom: 4 },
  item: { marginBottom: 3, lineHeight: 1.4 },
  footer: { position: 'absolute', bottom: 30, left: 40, right: 40, fontSize: 8, color: '#5f6b7a', textAlign: 'center' },
});

function voucherDocument(v: VoucherRow, deal: PrintedDeal, qr: Buffer): ReactElement<DocumentProps> {
  const expiry = v.expires_at ? `Use by ${londonDateInWords(new Date(v.expires_at))}` : 'No expiry date';
  const description = VOUCHER_STATUS_DESCRIPTIONS[v.status];
  return h(
    Document,
    { title: `Voucher ${v.code}: ${deal.title}`, author: 'Thistle Deals', subject: deal.title, language: 'en-GB' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.brand }, 'Thistle Deals'),
      h(Text, { style: styles.strap }, 'Your voucher. Print it, or show it on your phone.'),
      h(
        View,
        { style: styles.card },
        h(
          View,
          { style: styles.main },
          h(Text, { style: styles.title }, deal.title),
          h(Text, { style: styles.option }, v.title),
          h(Text, { style: styles.label }, 'Voucher code'),
          h(Text, { style: styles.code }, v.code),
          h(Text, { style: styles.label }, 'Status'),
          h(Text, { style: styles.value }, description ? `${v.status}: ${description}` : v.status),
          h(Text, { style: styles.label }, 'Valid until'),
          h(Text, { style: styles.value }, expiry),
          h(Text, { style: styles.label }, 'Merchant'),
          h(Text, { style: styles.value }, `${deal.merchant.name}, ${deal.merchant.address}, ${deal.merchant.postcode}`),
          v.recipient_name ? h(Text, { style: styles.label }, 'A gift for') : null,
          v.recipient_name ? h(Text, { style: styles.value }, v.recipient_name) : null,
          h(Text, { style: styles.label }, 'Order'),
          h(Text, { style: styles.value }, `${v.order_number}, ${formatMoney(v.price, v.currency)}`),
        ),
        h(
          View,
          { style: styles.qr },
          h(Image, { style: styles.qrImage, src: qr }),
          h(Text, { style: styles.qrNote }, 'For the merchant: scan to check and redeem this voucher.'),
        ),
      ),
      h(View, { style: styles.section }, h(Text, { style: styles.heading }, 'How to redeem'), h(Text, { style: styles.item }, deal.howToRedeem)),
      deal.finePrint.length
        ? h(View, { style: styles.section }, h(Text, { style: styles.heading }, 'Terms'), ...deal.finePrint.map((line, i) => h(Text, { key: i, style: styles.item }, `• ${line}`)))
        : null,
      h(Text, { style: styles.footer, fixed: true }, 'Thistle Deals. Each voucher can be redeemed once, before the date it is valid until.'),
    ),
  );
}

/** The voucher's PDF, its QR carrying `link`. */
export async function voucherPdf(v: VoucherRow, deal: PrintedDeal, link: string): Promise<Buffer> {
  return renderToBuffer(voucherDocument(v, deal, await qrPng(link)));
}
