/**
 * The returns label (issue 16 point 6; spec §7 /v1/returns/pdf): an A4 PDF made like the printed
 * voucher (@react-pdf/renderer, the Inter font from local files, createElement), with a label to
 * cut out and stick on the parcel: the merchant's address, the tracking reference as text and as
 * a QR code (qrcode) the carrier scans, what is inside (order and voucher), and how to send it.
 */
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { londonDateInWords } from '@shop/domain/london-time';
import { RETURN_REASON_WORDS } from '@shop/domain/voucher-returns';
import type { VoucherRow } from '../issue/issue.ts';
import { PDF_FONT, qrPng } from '../print/pdf-kit.ts';
import type { ReturnRow } from './returns.store.ts';

const INK = '#1f2a37';
const THISTLE = '#5b2a86';
const MUTED = '#5f6b7a';
const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 10, color: INK, padding: 40 },
  brand: { fontSize: 18, fontWeight: 700, color: THISTLE },
  strap: { fontSize: 9, color: MUTED, marginTop: 2 },
  label: { marginTop: 24, borderWidth: 2, borderColor: INK, borderStyle: 'dashed', padding: 20 },
  labelTop: { flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1, borderBottomColor: INK, paddingBottom: 8 },
  returns: { fontSize: 22, fontWeight: 700 },
  carrier: { fontSize: 10, fontWeight: 700, marginTop: 6 },
  row: { flexDirection: 'row', marginTop: 12 },
  address: { flexGrow: 1, flexShrink: 1, paddingRight: 16 },
  small: { fontSize: 8, color: MUTED, textTransform: 'uppercase', letterSpacing: 1, marginTop: 8 },
  to: { fontSize: 14, fontWeight: 700, marginTop: 2 },
  line: { fontSize: 12, marginTop: 2 },
  postcode: { fontSize: 18, fontWeight: 700, marginTop: 4, letterSpacing: 1 },
  qr: { width: 150, alignItems: 'center' },
  qrImage: { width: 140, height: 140 },
  tracking: { fontSize: 16, fontWeight: 700, letterSpacing: 1, marginTop: 12, textAlign: 'center' },
  value: { fontSize: 10, marginTop: 2 },
  section: { marginTop: 20 },
  heading: { fontSize: 11, fontWeight: 700, marginBottom: 4 },
  item: { marginBottom: 3, lineHeight: 1.4 },
  footer: { position: 'absolute', bottom: 30, left: 40, right: 40, fontSize: 8, color: MUTED, textAlign: 'center' },
});

function labelDocument(r: ReturnRow, v: VoucherRow, qr: Buffer): ReactElement<DocumentProps> {
  return h(
    Document,
    { title: `Returns label ${r.tracking_number}`, author: 'Thistle Deals', subject: `Return of ${v.title}`, language: 'en-GB' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.brand }, 'Thistle Deals'),
      h(Text, { style: styles.strap }, 'Your returns label. Cut it out along the dashed line and stick it on the parcel.'),
      h(
        View,
        { style: styles.label },
        h(View, { style: styles.labelTop }, h(Text, { style: styles.returns }, 'RETURNS'), h(Text, { style: styles.carrier }, r.carrier)),
        h(
          View,
          { style: styles.row },
          h(
            View,
            { style: styles.address },
            h(Text, { style: styles.small }, 'Deliver to'),
            h(Text, { style: styles.to }, r.merchant_name),
            h(Text, { style: styles.line }, r.return_address),
            h(Text, { style: styles.postcode }, r.return_postcode),
            h(Text, { style: styles.small }, 'Contents'),
            h(Text, { style: styles.value }, v.title),
            h(Text, { style: styles.small }, 'Order and voucher'),
            h(Text, { style: styles.value }, `Order ${v.order_number}, voucher ${v.code}`),
          ),
          h(View, { style: styles.qr }, h(Image, { style: styles.qrImage, src: qr })),
        ),
        h(Text, { style: styles.small }, 'Tracking reference'),
        h(Text, { style: styles.tracking }, r.tracking_number),
      ),
      h(
        View,
        { style: styles.section },
        h(Text, { style: styles.heading }, 'How to send it back'),
        h(Text, { style: styles.item }, '1. Pack the item securely, in its original packaging if you still have it.'),
        h(Text, { style: styles.item }, '2. Stick this label on the outside of the parcel, where its QR code can be scanned.'),
        h(Text, { style: styles.item }, '3. Hand the parcel to the carrier. You can follow its progress in My Vouchers.'),
        h(Text, { style: styles.item }, 'When the merchant has the item back, we refund what you paid to your original payment method.'),
      ),
      h(
        View,
        { style: styles.section },
        h(Text, { style: styles.heading }, 'Your return'),
        h(Text, { style: styles.item }, `Reason: ${RETURN_REASON_WORDS[r.reason]}${r.note ? ` (${r.note})` : ''}`),
        h(Text, { style: styles.item }, `Requested on ${londonDateInWords(new Date(r.created_at))}`),
      ),
      h(Text, { style: styles.footer, fixed: true }, 'Thistle Deals. Keep a note of the tracking reference until your refund arrives.'),
    ),
  );
}

/** The label's PDF; its QR code carries the tracking reference. */
export async function returnsLabelPdf(r: ReturnRow, v: VoucherRow): Promise<Buffer> {
  return renderToBuffer(labelDocument(r, v, await qrPng(r.tracking_number)));
}
