/**
 * Gift cards: the handlers of giftcards.routes.ts. The attempt is counted first (a wrong code keeps
 * it; a code that exists gives it back, as for promo codes), then the vouchers service's
 * redeemGiftCard moves the card and credits the wallet in one transaction.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { problem, problemResponse } from '@shop/platform';
import { redeemGiftCard } from '@shop/vouchers';
import type { CheckoutDeps } from '../lib/deps.ts';
import { claimCodeAttempt, forgiveAttempt } from '../promo/attempts.ts';
import { clientAddressOf, tooMany } from '../lib/http.ts';
import * as routes from './giftcards.routes.ts';
import { markGiftCardOrderPosted } from './gift-card-posting.ts';
import { postedGiftCardLists } from '../lib/deps.ts';

const withoutOrderId = <T extends { orderId: string }>({ orderId: _orderId, ...rest }: T) => rest;

export function registerGiftCardRoutes(app: OpenAPIHono, deps: CheckoutDeps): void {
  app.openapi(routes.redeemGiftCard, async (c) => {
    const body = c.req.valid('json');
    const verdict = await claimCodeAttempt(deps.db, { basketToken: null, customerToken: body.customerToken, clientAddress: clientAddressOf(c), now: deps.now() });
    if (!verdict.ok) return tooMany(c, 'code', verdict.retryAfterSeconds);
    const result = await redeemGiftCard(deps.db, { code: body.code, customerToken: body.customerToken, now: deps.now() });
    if (result.ok || result.code !== 'GIFT_CARD_NOT_FOUND') await forgiveAttempt(deps.db, verdict.claim);
    if (result.ok) return c.json({ amount: result.amount, currency: result.currency, redeemedAt: result.redeemedAt.toISOString(), creditExpiresAt: result.creditExpiresAt.toISOString() }, 200);
    if (result.code === 'GIFT_CARD_NOT_FOUND') return problemResponse(c, problem(404, result.code, result.detail, [{ field: 'code', message: result.detail }]));
    if (result.code === 'GIFT_CARD_EXPIRED') return problemResponse(c, problem(409, result.code, { detail: result.detail, errors: [{ field: 'code', message: result.detail }], extra: { expiredAt: result.expiredAt.toISOString() } }));
    return problemResponse(c, problem(409, result.code, result.detail, [{ field: 'code', message: result.detail }]));
  });

  app.openapi(routes.listPostedGiftCards, async (c) => {
    const lists = await postedGiftCardLists(deps.db, c.req.valid('query').first ?? 50);
    return c.json({ toPost: lists.toPost.map(withoutOrderId), sent: lists.sent.map(withoutOrderId) }, 200);
  });

  app.openapi(routes.markGiftCardOrderSent, async (c) => {
    const { orderNumber } = c.req.valid('param');
    const answer = await markGiftCardOrderPosted(deps, { orderNumber, actorRef: c.req.valid('json').actorRef });
    if (answer.ok) return c.json({ marked: answer.marked, order: withoutOrderId(answer.order) }, answer.marked > 0 ? 201 : 200);
    if (answer.code === 'NOT_FOUND') return problemResponse(c, problem(404, answer.code, answer.detail, [{ field: 'orderNumber', message: answer.detail }]));
    return problemResponse(c, problem(409, answer.code, answer.detail, [{ field: 'orderNumber', message: answer.detail }]));
  });
}
