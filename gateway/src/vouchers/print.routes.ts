/**
 * GET /myaccount/vouchers/{voucherId}/voucher.pdf (issue 16 point 4; spec §7 /deal/print-voucher):
 * the signed-in holder's printable voucher, the "Print voucher" link of My Vouchers. The browser
 * cannot call the vouchers service (the service credential), so the shop asks it here:
 *
 * - the shopper is the session cookie's, looked up exactly as the GraphQL context does (the same
 *   context factory: accounts/session.ts, a dead cookie cleared on this answer too);
 * - signed out: 302 to /login?redirect=/myaccount/vouchers (after signing in the SPA opens My
 *   Vouchers, where the link is; the SPA cannot open a file itself);
 * - the voucher is read as the holder's (heldVoucherOf): another shopper's voucher, an unknown,
 *   malformed or retyped id are the same 404 page (Z1, Z2);
 * - the deal's words from the deals service (title, merchant name, address and postcode, fine
 *   print; the voucher's own title when the deal is gone) and how to redeem it
 *   (redeem-instructions.ts, the words of the card's "How to redeem") go to the vouchers service,
 *   which renders the PDF with the code, expiry and the QR code of the signed redemption link;
 * - the PDF: application/pdf, inline, voucher-{CODE}.pdf, private and never stored, never indexed.
 *
 * A service that fails or is slow: 503, a short page that says so (logged with the request id).
 */
import { Hono } from 'hono';
import type { Deal } from '@shop/deals/contract';
import type { PrintedDeal, VoucherDetail } from '../clients/vouchers.client.ts';
import { voucherIllustration } from '../schema/vouchers/Voucher.ts';
import { addHeldVoucherPdfRoute, type HeldVoucherPdfOptions } from './held-voucher-pdf.ts';
import { howToRedeemText } from '@shop/domain/redeem-instructions';

export type VoucherPrintRoutesOptions = HeldVoucherPdfOptions;

/** The deals service's limits of the print call (services/vouchers contract.ts PrintBodySchema). */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The deal's words the printed voucher carries; the voucher's own title when its deal is gone. */
export function printedDeal(voucher: Pick<VoucherDetail, 'title'>, deal: Deal | null, howToRedeem: string): PrintedDeal {
  return {
    title: clip(deal?.title ?? voucher.title, 300),
    merchant: deal
      ? { name: clip(deal.business.name, 200), address: clip(deal.business.address, 300), postcode: clip(deal.business.postcode, 12) }
      : { name: 'The merchant named on the deal', address: '', postcode: '' },
    finePrint: (deal?.finePrint ?? []).slice(0, 40).map((line) => clip(line, 1000)),
    howToRedeem: clip(howToRedeem, 2000),
  };
}

export function createVoucherPrintRoutes(options: VoucherPrintRoutesOptions): Hono {
  const app = new Hono();
  addHeldVoucherPdfRoute(app, options, {
    file: 'voucher.pdf',
    title: 'Your voucher is not ready',
    what: 'your printable voucher',
    safe: 'Your voucher and its code are safe in',
    failureLog: 'Printing a voucher failed',
    async make(ctx, customerToken, held) {
      const [deal, illustration] = await Promise.all([ctx.loaders.dealById.load(held.dealId), voucherIllustration(ctx, held.dealId)]);
      const pdf = await ctx.clients.vouchers.print(customerToken, held.id, printedDeal(held, deal, howToRedeemText(illustration)));
      return pdf ? { pdf, disposition: `inline; filename="voucher-${held.code}.pdf"` } : null;
    },
  });
  return app;
}
