/**
 * Checkout: the handlers of checkout.routes.ts. The checkout of a basket: its figures, the hold behind its countdown, its options, the gifting config.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { invalid } from '@shop/platform';
import { checkoutView, giftingConfigBody } from './checkout-view.ts';
import type { CheckoutDeps } from '../lib/deps.ts';
import { trimBasketHold } from './hold-trim.ts';
import { loadCheckoutModel, loadGiftingConfig } from './pricing.ts';
import { claimCodeAttempt, forgiveAttempt, type AttemptClaim } from '../promo/attempts.ts';
import { clientAddressOf, fail, guestEmail, tooMany } from '../lib/http.ts';
import * as routes from './checkout.routes.ts';
import * as store from './checkout.store.ts';

export function registerCheckoutRoutes(app: OpenAPIHono, deps: CheckoutDeps): void {
  app.openapi(
    routes.giftingConfig,
    async (c) => c.json(giftingConfigBody(await loadGiftingConfig(deps.db)), 200),
  );

  app.openapi(
    routes.checkout,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      // A code in the query is looked at, so it is a guess like any other (issue 14, G4).
      const guess = q.promoCode?.trim() ? await claimCodeAttempt(deps.db, { basketToken, customerToken: q.customerToken ?? null, clientAddress: clientAddressOf(c), now: deps.now() }) : null;
      if (guess && !guess.ok) return tooMany(c, 'promoCode', guess.retryAfterSeconds);
      const view = await checkoutView(deps, {
        basketToken,
        customerToken: q.customerToken ?? null,
        email: guestEmail(q.email),
        vipUser: q.vipUser ?? false,
        refresh: q.refresh ?? false,
        clientAddress: clientAddressOf(c),
        ...(q.promoCode !== undefined ? { promoCode: q.promoCode || null } : {}),
        ...(q.wallet !== undefined ? { wallet: q.wallet } : {}),
        ...(q.vipChecked !== undefined ? { vipChecked: q.vipChecked } : {}),
      });
      if (guess?.ok && view?.promoCode && view.promoCode.outcome !== 'invalid') await forgiveAttempt(deps.db, guess.claim);
      if (!view) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json(view, 200);
    },
  );

  app.openapi(
    routes.setCheckoutOptions,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const customerToken = q.customerToken ?? null;
      // Ownership first (Z3): nothing is stored for somebody else's basket.
      const model = await loadCheckoutModel(deps.db, { basketToken, customerToken, email: null, vipUser: false, options: { promoCode: null, wallet: false, vipChecked: false }, now: deps.now() });
      if (!model) return fail(c, 404, 'BASKET_NOT_FOUND');
      // VIP membership belongs to an account: a guest cannot tick it (the offer is not shown to guests).
      if (body.vipChecked && !customerToken) return invalid(c, [{ field: 'vipChecked', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT }]);
      const now = deps.now();
      const values = { promo_code: body.promoCode?.trim() ? body.promoCode.trim().toUpperCase() : null, wallet: body.wallet, vip_checked: body.vipChecked, updated_at: now };
      // A new code is a guess (issue 14, G4): counted before it is looked at, given back if it exists.
      const stored = await store.checkoutOptionsOf(deps.db, basketToken);
      let claim: AttemptClaim | null = null;
      if (values.promo_code !== null && values.promo_code !== (stored?.promo_code ?? null)) {
        const verdict = await claimCodeAttempt(deps.db, { basketToken, customerToken, clientAddress: clientAddressOf(c), now });
        if (!verdict.ok) return tooMany(c, 'promoCode', verdict.retryAfterSeconds);
        claim = verdict.claim;
      }
      await store.saveChosenOptions(deps.db, basketToken, values);
      const view = await checkoutView(deps, { basketToken, customerToken, email: null, vipUser: q.vipUser ?? false, refresh: false, clientAddress: clientAddressOf(c) });
      if (claim && view?.promoCode && view.promoCode.outcome !== 'invalid') await forgiveAttempt(deps.db, claim);
      if (!view) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json(view, 200);
    },
  );

  app.openapi(
    routes.trimHold,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const released = await trimBasketHold(deps, { basketToken, customerToken: q.customerToken ?? null });
      if (released === null) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json({ released }, 200);
    },
  );
}
