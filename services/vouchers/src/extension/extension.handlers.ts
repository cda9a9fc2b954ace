/**
 * Validity extension after purchase (issue 16 point 7): GET /voucher/vve says what one voucher of
 * its holder can still get. The payment is the checkout's POST /order-addon (with the voucher's
 * id), which checks it all again and extends it in its paying transaction (extendVoucher).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import { VOUCHER_EXTENSION_MAX_MONTHS, VOUCHER_STATUS_CODES } from '@shop/domain/voucher-status';
import { EXTENSION_REFUSAL_MESSAGES, extensionOptions } from '@shop/domain/voucher-extension';
import type { VouchersDeps } from '../lib/deps.ts';
import { holderVoucher } from '../vouchers/vouchers.store.ts';
import * as routes from './extension.routes.ts';

export function registerExtensionRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.getExtension, async (c) => {
    const { customerToken, voucherId } = c.req.valid('query');
    const v = await holderVoucher(deps.db, customerToken, voucherId);
    if (!v) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher.'));
    const expiresAt = v.expires_at ? new Date(v.expires_at) : null;
    const { options, refusal } = extensionOptions({ status: v.status, expiresAt, extendedMonths: v.extended_months }, deps.now());
    return c.json(
      {
        voucherId: v.id,
        orderNumber: v.order_number,
        dealId: v.deal_id,
        title: v.title,
        status: v.status,
        statusCode: VOUCHER_STATUS_CODES[v.status],
        expiresAt: expiresAt?.toISOString() ?? null,
        extendedMonths: v.extended_months,
        monthsLeft: refusal ? 0 : VOUCHER_EXTENSION_MAX_MONTHS - v.extended_months,
        options: options.map((o) => ({ months: o.months, price: { amount: o.price, currency: v.currency }, expiresAt: o.expiresAt.toISOString() })),
        unavailable: refusal ? { code: refusal, message: EXTENSION_REFUSAL_MESSAGES[refusal] } : null,
      },
      200,
    );
  });
}
