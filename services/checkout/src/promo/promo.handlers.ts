/**
 * Promo: the handlers of promo.routes.ts. Promo codes and express-buy tokens (each a guess counted per basket, customer and address).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { money } from '@shop/domain/money';
import { GIFT_CARD_DEAL_ID } from '@shop/domain/gift-cards';
import { invalid, problem, problemResponse } from '@shop/platform';
import type { CheckoutDeps } from '../lib/deps.ts';
import { expressBuyToken } from './express-buy.ts';
import { loadCheckoutModel } from '../checkout/pricing.ts';
import { evaluatePromo } from './promo.ts';
import { claimCodeAttempt, forgiveAttempt } from './attempts.ts';
import { clientAddressOf, fail, guestEmail, tooMany } from '../lib/http.ts';
import * as routes from './promo.routes.ts';

export function registerPromoRoutes(app: OpenAPIHono, deps: CheckoutDeps): void {
  app.openapi(
    routes.promoCode,
    async (c) => {
      const q = c.req.valid('query');
      const customerToken = q.customerToken ?? null;
      const email = guestEmail(q.email);
      const model = await loadCheckoutModel(deps.db, { basketToken: q.basketToken, customerToken, email, vipUser: q.vipUser ?? false, options: { promoCode: null, wallet: false, vipChecked: false }, now: deps.now() });
      if (!model) return fail(c, 404, 'BASKET_NOT_FOUND');
      const verdict = await claimCodeAttempt(deps.db, { basketToken: q.basketToken, customerToken, clientAddress: clientAddressOf(c), now: deps.now() });
      if (!verdict.ok) return tooMany(c, 'code', verdict.retryAfterSeconds);
      const result = await evaluatePromo(deps.db, q.code, {
        now: deps.now(),
        customerKey: model.customerKey,
        customerToken,
        email,
        vip: q.vipUser ?? false,
        lines: model.lines.map((l) => ({ subcategoryId: l.stock?.subcategoryId ?? null, amount: l.dealId === GIFT_CARD_DEAL_ID ? 0 : l.unitPrice * l.quantity })),
      });
      if (result.outcome !== 'invalid') await forgiveAttempt(deps.db, verdict.claim);
      return c.json({ code: result.code, applicable: result.applicable, message: result.message, outcome: result.outcome, discount: money(result.discount) }, 200);
    },
  );

  app.openapi(
    routes.expressBuyToken,
    async (c) => {
      const body = c.req.valid('json');
      if (!isEmail(body.expressBuyTokenRequest.email)) return invalid(c, [{ field: 'expressBuyTokenRequest.email', message: BUYING_MESSAGES.email }]);
      const result = await expressBuyToken(deps, { email: normaliseEmail(body.expressBuyTokenRequest.email), dealId: body.dealId, productId: body.productId, clientAddress: clientAddressOf(c) });
      if (!result.ok && result.reason === 'tooMany') return tooMany(c, 'expressBuyTokenRequest.email', result.retryAfterSeconds ?? 60);
      if (!result.ok) {
        return problemResponse(c, problem(400, 'EXPRESS_BUY_INELIGIBLE', { detail: BUYING_MESSAGES.expressBuyIneligible, extra: { hint: BUYING_MESSAGES.expressBuyHint, reason: result.reason } }));
      }
      return c.json({ data: { token: result.token, expiresAt: result.expiresAt.toISOString(), price: result.price } }, 201);
    },
  );
}
