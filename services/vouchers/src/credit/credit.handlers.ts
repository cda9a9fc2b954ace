import type { OpenAPIHono } from '@hono/zod-openapi';
import { problem, problemResponse } from '@shop/platform';
import { messageFor } from '@shop/domain/error-codes';
import type { VouchersDeps } from '../lib/deps.ts';
import { redemptionLink } from '../print/redemption-link.ts';
import { voucherView } from '../vouchers/voucher-view.ts';
import { exchangeForCredit } from './credit.ts';
import { takeExpiredCredit } from './expired-credit.ts';
import * as routes from './credit.routes.ts';

export function registerCreditRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postCredit, async (c) => {
    const outcome = await exchangeForCredit(deps, c.req.valid('json'));
    if (!outcome.ok) {
      if (outcome.status === 404) return problemResponse(c, problem(404, 'NOT_FOUND', outcome.detail));
      return problemResponse(c, problem(409, outcome.code, outcome.detail, [{ field: 'voucherId', message: messageFor(outcome.code) }]));
    }
    const { voucher } = outcome;
    return c.json({ credit: { amount: outcome.credit, currency: voucher.currency }, voucher: voucherView(voucher, redemptionLink(deps.linkKey, deps.publicBaseUrl, voucher.id)) }, 201);
  });
  app.openapi(routes.postExpiredCredit, async (c) => {
    const outcome = await takeExpiredCredit(deps, c.req.valid('json'));
    if (!outcome.ok) {
      if (outcome.status === 404) return problemResponse(c, problem(404, 'NOT_FOUND', outcome.detail));
      return problemResponse(c, problem(409, outcome.code, outcome.detail, [{ field: 'voucherId', message: messageFor(outcome.code) }]));
    }
    const { voucher } = outcome;
    return c.json(
      { credit: { amount: outcome.credit, currency: voucher.currency }, validUntil: outcome.validUntil.toISOString(), voucher: voucherView(voucher, redemptionLink(deps.linkKey, deps.publicBaseUrl, voucher.id)) },
      201,
    );
  });
}
