/**
 * The printable voucher (issue 16 point 4), on PGlite and PostgreSQL: the PDF parses (pdfjs-dist),
 * says the code, deal, merchant, expiry and terms, and its QR (decoded with jsQR from the image in
 * the PDF) is the voucher's signed redemption link, never the code; a merchant redeems with that
 * link; a forged link, or another holder's voucher, is not found.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import jsQRModule from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ALICE, BOB, MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';
import { linkKeyFrom, redemptionLink } from './redemption-link.ts';

const DEAL = {
  title: 'Spa day for two at the Sanctuary',
  merchant: { name: 'The Sanctuary Spa', address: '12 Bath Street, Glasgow', postcode: 'G2 4JR' },
  finePrint: ['Valid Monday to Friday.', 'Booking required: call 0141 496 0000.'],
  howToRedeem: 'Call the spa to book, then show this voucher when you arrive.',
};

// jsqr is CommonJS with an `exports.default`: Node's import gives module.exports, which is the function and carries it again as .default.
const jsQR = jsQRModule.default;

interface PdfImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
  kind: number;
}

/** The text of the PDF's first page, and every image on it as RGBA. */
async function readPdf(bytes: Uint8Array): Promise<{ text: string; images: Array<{ width: number; height: number; rgba: Uint8ClampedArray }> }> {
  const loading = getDocument({ data: bytes, isOffscreenCanvasSupported: false, disableFontFace: true, useSystemFonts: false });
  const pdf = await loading.promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  const ops = await page.getOperatorList();
  const images = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
    const name = ops.argsArray[i][0] as string;
    const image = await new Promise<PdfImage>((resolve) => page.objs.get(name, resolve));
    const pixels = image.width * image.height;
    const rgba = new Uint8ClampedArray(pixels * 4);
    // pdfjs kinds: 1 = 1 bit grey, 2 = RGB, 3 = RGBA.
    for (let p = 0; p < pixels; p++) {
      const [r, g, b] =
        image.kind === 3 ? [image.data[p * 4]!, image.data[p * 4 + 1]!, image.data[p * 4 + 2]!]
        : image.kind === 2 ? [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!]
        : Array(3).fill((image.data[(p / 8) | 0]! >> (7 - (p % 8))) & 1 ? 255 : 0);
      rgba.set([r, g, b, 255], p * 4);
    }
    images.push({ width: image.width, height: image.height, rgba });
  }
  await loading.destroy();
  return { text, images };
}

describe.each(testDatabases())('the printable voucher on %s', (_name, open) => {
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  const print = (voucherId: string, customerToken = ALICE) => f.call('POST', '/deal/print-voucher', { voucherId, customerToken, deal: DEAL });

  it('is a PDF with the code, deal, merchant, expiry and terms, whose QR is the signed redemption link a merchant redeems with', async () => {
    const [v] = await f.issue(ALICE, 1, { expiresAt: new Date('2027-02-20T12:00:00Z') });
    const res = await print(v!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const { text, images } = await readPdf(bytes);
    for (const words of [DEAL.title, 'Spa day for two', 'The Sanctuary Spa', 'Use by 20 February 2027', 'Valid Monday to Friday.', DEAL.howToRedeem]) expect(text).toContain(words);
    // The code is set with the font's kerning: the text layer may read "TW V2DA" for TWV2DA (a W next to a V), so compare without spaces.
    expect(text.replace(/\s+/g, '')).toContain(v!.code);

    expect(images).toHaveLength(1);
    const qr = jsQR(images[0]!.rgba, images[0]!.width, images[0]!.height);
    const link = qr?.data ?? '';
    expect(link).toBe(redemptionLink(linkKeyFrom('test-service-token'), 'http://localhost:4000', v!.id));
    expect(link).not.toContain(v!.code);

    const redeemed = await f.call('POST', '/redemptions', { link, dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' });
    expect(redeemed.status).toBe(200);
    expect(await redeemed.json()).toMatchObject({ code: v!.code, status: 'Redeemed' });
  });

  it('a forged link, a link of another key, or another holder’s voucher is not found; a link and a code together are refused', async () => {
    const [v] = await f.issue(ALICE, 1);
    const unknown = await f.call('POST', '/redemptions', { code: 'ABCDEF-ABCDEF-ABCDEF', dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' });
    const notFound = await unknown.text();
    for (const link of [
      `http://localhost:4000/merchant/redeem/${v!.id}.AAAAAAAAAAAAAAAAAAAAAA`,
      redemptionLink(linkKeyFrom('another secret'), 'http://localhost:4000', v!.id),
      `http://localhost:4000/merchant/redeem/${randomUUID()}`,
      'not a link',
    ]) {
      const res = await f.call('POST', '/redemptions', { link, dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' });
      expect(res.status, link).toBe(404);
      expect(await res.text()).toBe(notFound);
    }
    const both = await f.call('POST', '/redemptions', { code: v!.code, link: 'x', dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' });
    expect(both.status).toBe(400);
    const theirs = await print(v!.id, BOB);
    const random = await print(randomUUID(), BOB);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await random.text());
  });
});
