/**
 * GET /myaccount/vouchers/{voucherId}/return-label.pdf (issue 16 point 6; spec §7 /v1/returns/pdf):
 * the signed-in holder's returns label, the "Download returns label" link of My Vouchers, built
 * like the printed voucher's route (print.routes.ts):
 *
 * - the shopper is the session cookie's (the GraphQL context factory); signed out: 302 to
 *   /login?redirect=/myaccount/vouchers;
 * - the voucher is read as the holder's (heldVoucherOf), and the vouchers service answers only the
 *   holder's return: another shopper's voucher, a voucher with no return, an unknown, malformed or
 *   retyped id are the same 404 page (Z1, Z2);
 * - the PDF: application/pdf, a download named returns-label-{tracking reference}.pdf (never the
 *   voucher's code: a redeemable code must not sit in the browser's download history), private,
 *   never stored or indexed.
 *
 * A service that fails or is slow: 503, a short page that says so (logged with the request id).
 */
import { Hono } from 'hono';
import { addHeldVoucherPdfRoute, type HeldVoucherPdfOptions } from './held-voucher-pdf.ts';

export type ReturnLabelRoutesOptions = HeldVoucherPdfOptions;

export function createReturnLabelRoutes(options: ReturnLabelRoutesOptions): Hono {
  const app = new Hono();
  addHeldVoucherPdfRoute(app, options, {
    file: 'return-label.pdf',
    title: 'Your returns label is not ready',
    what: 'your returns label',
    safe: 'Your return is safe in',
    failureLog: 'Making a returns label failed',
    // The return's data (its tracking reference names the file) and its PDF, side by side.
    async make(ctx, customerToken, held) {
      const [ret, pdf] = await Promise.all([ctx.clients.vouchers.returnOfVoucher(customerToken, held.id), ctx.clients.vouchers.returnLabel(customerToken, held.id)]);
      return ret && pdf ? { pdf, disposition: `attachment; filename="returns-label-${ret.return.trackingNumber}.pdf"` } : null;
    },
  });
  return app;
}
