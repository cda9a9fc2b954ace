/**
 * Gift cards: the route table (issue 18 point 2; spec §7 /gift-card/redeem). The redemption is
 * the vouchers service's (a gift card is a voucher of the gift-card deal); it is served here because
 * each try is a code guess counted with the promo codes' allowance (promo/attempts.ts), per
 * signed-in customer and per client address.
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema, createRoute, jsonContent, problemContent } from '@shop/platform';
import { errors, rateLimitedResponse, z_client } from '../lib/http.ts';

const RedeemGiftCardBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    code: z.string().min(1).max(40).openapi({ description: 'The gift card code as typed (spaces and missing hyphens are forgiven).', example: 'ABCDEF-GHJKMN-PQRSTU' }),
  })
  .strict()
  .openapi('RedeemGiftCardRequest');

export const GiftCardRedeemedSchema = z
  .object({
    amount: z.number().int().openapi({ description: 'The wallet credit given, in pence: the gift card’s value.' }),
    currency: z.enum(['GBP', 'EUR']),
    redeemedAt: z.string().openapi({ description: 'ISO 8601.' }),
    creditExpiresAt: z.string().openapi({ description: 'ISO 8601: the last instant the credit can be spent (12 months after redemption, end of that London day).' }),
  })
  .openapi('GiftCardRedeemed');

export const redeemGiftCard = createRoute({
  method: 'post',
  path: '/gift-card/redeem',
  operationId: 'redeemGiftCard',
  tags: ['Gift cards'],
  summary: 'Redeem a gift card for wallet credit',
  description:
    'Spec §7 /gift-card/redeem, §9: a gift card within 6 months of purchase becomes wallet credit of its value expiring 12 months after redemption, once (of concurrent redemptions one wins, the others 409 ALREADY_REDEEMED). 404 GIFT_CARD_NOT_FOUND for a wrong code (the same whoever holds it); 409 GIFT_CARD_EXPIRED naming the day it expired. Each call is a code guess counted per customer and client address (given back when the code exists); past the limit 429 RATE_LIMITED.',
  request: { headers: z_client(), body: { required: true, content: { 'application/json': { schema: RedeemGiftCardBodySchema } } } },
  responses: {
    200: jsonContent(GiftCardRedeemedSchema, 'Redeemed: the credit is in the wallet.'),
    409: problemContent('ALREADY_REDEEMED, or GIFT_CARD_EXPIRED with `expiredAt`.'),
    ...rateLimitedResponse,
    ...errors,
  },
});
