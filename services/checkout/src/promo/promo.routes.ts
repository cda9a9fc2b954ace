/**
 * Promo: the route table. Promo codes and express-buy tokens (each a guess counted per basket, customer and address).
 * The handlers (promo.handlers.ts) are typed by it: an answer of another shape or an
 * undocumented status fails the typecheck.
 */
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { createRoute, jsonContent } from '@shop/platform';
import { ExpressBuyBodySchema, ExpressBuyTokenResponseSchema, PromoQuerySchema, PromoResponseSchema } from '../contract.ts';
import { EXPRESS_BUY_LIMITS } from './attempts.ts';
import { errors, rateLimitedResponse, z_client } from '../lib/http.ts';

export const promoCode = createRoute({
  method: 'get',
  path: '/promocode',
  operationId: 'promoCode',
  tags: ['Promotions'],
  summary: 'Check a promo code against a basket',
  description:
    'Spec §5 outcomes, classified by the message: expired, invalid, already used, not applicable, not eligible (applied otherwise). Each call is a guess counted per basket, customer and client address (given back when the code exists); past the limit 429 RATE_LIMITED.',
  request: { query: PromoQuerySchema, headers: z_client() },
  responses: { 200: jsonContent(PromoResponseSchema, 'The outcome of the code (spec §5).'), ...rateLimitedResponse, ...errors },
});

export const expressBuyToken = createRoute({
  method: 'post',
  path: '/express-buy-token',
  operationId: 'expressBuyToken',
  tags: ['Promotions'],
  summary: 'An express buy token for one deal option',
  description: `Spec §7. Ineligible deals: 400 EXPRESS_BUY_INELIGIBLE '${BUYING_MESSAGES.expressBuyIneligible}' with hint '${BUYING_MESSAGES.expressBuyHint}'. Eligible: see README "Express buy". At most ${EXPRESS_BUY_LIMITS.email.limit} tokens per email and ${EXPRESS_BUY_LIMITS.address.limit} per client address in ${EXPRESS_BUY_LIMITS.email.windowMs / 60_000} minutes: 429 RATE_LIMITED past that.`,
  request: { headers: z_client(), body: { required: true, content: { 'application/json': { schema: ExpressBuyBodySchema } } } },
  responses: { 201: jsonContent(ExpressBuyTokenResponseSchema, 'The token (it lasts 30 minutes).'), ...rateLimitedResponse, ...errors },
});
