import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid, problem, problemResponse } from '@shop/platform';
import { messageFor } from '@shop/domain/error-codes';
import type { VouchersDeps } from '../lib/deps.ts';
import { voucherView } from '../vouchers/voucher-view.ts';
import { redemptionLink } from '../print/redemption-link.ts';
import * as routes from './refunds.routes.ts';
import { refundVoucher } from './refunds.ts';
import type { RefundRow } from './refunds.store.ts';

const refundView = (r: RefundRow, currency: string) => ({
  id: r.id,
  voucherId: r.voucher_id,
  destination: r.destination,
  state: r.state,
  cashAmount: { amount: r.cash_amount, currency },
  walletAmount: { amount: r.wallet_amount, currency },
  createdAt: new Date(r.created_at).toISOString(),
});

export function registerRefundRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postRefund, async (c) => {
    const body = c.req.valid('json');
    // Wallet credit instead of the payment method only with the shopper's express consent (reliability M7).
    if (body.destination === 'wallet' && body.walletConsent !== true) return invalid(c, [{ field: 'walletConsent', message: messageFor('WALLET_CONSENT_REQUIRED') }]);
    const outcome = await refundVoucher(deps, body);
    if (!outcome.ok) {
      if (outcome.status === 404) return problemResponse(c, problem(404, 'NOT_FOUND', outcome.detail));
      if (outcome.status === 422) return problemResponse(c, problem(422, 'IDEMPOTENCY_CONFLICT', outcome.detail, [{ field: 'idempotencyKey', message: outcome.detail }]));
      return problemResponse(c, problem(409, outcome.code, outcome.detail, [{ field: 'voucherId', message: messageFor(outcome.code) }]));
    }
    return c.json({ refund: refundView(outcome.refund, outcome.voucher.currency), voucher: voucherView(outcome.voucher, redemptionLink(deps.linkKey, deps.publicBaseUrl, outcome.voucher.id)) }, outcome.created ? 201 : 200);
  });
}
