import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import * as store from '../vouchers/vouchers.store.ts';
import * as routes from './print.routes.ts';
import { redemptionLink } from './redemption-link.ts';
import { voucherPdf } from './voucher-pdf.ts';

export function registerPrintRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postPrintVoucher, async (c) => {
    const { voucherId, customerToken, deal } = c.req.valid('json');
    const voucher = await store.holderVoucher(deps.db, customerToken, voucherId);
    if (!voucher) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher.'));
    const pdf = await voucherPdf(voucher, deal, redemptionLink(deps.linkKey, deps.publicBaseUrl, voucher.id));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="voucher-${voucher.code}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
}
