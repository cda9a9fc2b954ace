/**
 * VIP membership: the handlers of vip.routes.ts. Cancelling within 14 days of joining or renewing, with a refund.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { CheckoutDeps } from '../lib/deps.ts';
import { fail } from '../lib/http.ts';
import { cancelVipMembership, vipCancellation } from './vip-cancel.ts';
import * as routes from './vip.routes.ts';

export function registerVipRoutes(app: OpenAPIHono, deps: CheckoutDeps): void {
  app.openapi(routes.vipCancellation, async (c) => {
    const { customerToken } = c.req.valid('query');
    const found = await vipCancellation(deps, customerToken);
    if (!found) return fail(c, 404, 'VIP_NOT_A_MEMBER');
    return c.json({ orderNumber: found.orderNumber, paidAt: found.paidAt.toISOString(), refundableUntil: found.refundableUntil.toISOString(), refundable: found.refundable, amount: found.amount }, 200);
  });

  app.openapi(routes.cancelVip, async (c) => {
    const { customerToken } = c.req.valid('query');
    const outcome = await cancelVipMembership(deps, customerToken);
    if (!outcome.ok) return fail(c, outcome.code === 'VIP_NOT_A_MEMBER' ? 404 : 409, outcome.code, undefined, outcome.detail);
    const { refund } = outcome;
    return c.json({ orderNumber: outcome.orderNumber, amount: refund.amount, cardAmount: refund.card_amount, walletAmount: refund.wallet_amount, state: refund.state }, 200);
  });
}
