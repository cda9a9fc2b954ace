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

// --- Posted gift cards to send (issue 18 point 2): the shop's staff post them (the gift-card
// merchant is the shop itself, with no merchant account), through the gateway's staff-only fields.

const PostedGiftCardOrderSchema = z
  .object({
    orderNumber: z.string(),
    paidAt: z.string().openapi({ description: 'ISO 8601.' }),
    deliverTo: z
      .object({ name: z.string(), line1: z.string(), line2: z.string().nullable(), town: z.string(), county: z.string().nullable(), postcode: z.string() })
      .nullable()
      .openapi({ description: 'The address for the envelope, as the buyer gave it at checkout.' }),
    sentAt: z.string().nullable().openapi({ description: 'When its cards were marked sent (ISO 8601); null while waiting.' }),
    cards: z
      .array(z.object({ voucherId: z.uuid(), code: z.string().openapi({ description: 'The code to print on the card.' }), amount: z.number().int().openapi({ description: 'Its value, pence.' }), currency: z.string(), status: z.string() }))
      .openapi({ description: 'The cards of the order to post (waiting) or posted (sent).' }),
  })
  .openapi('PostedGiftCardOrder');

export const PostedGiftCardListsSchema = z
  .object({
    toPost: z.array(PostedGiftCardOrderSchema).openapi({ description: 'Orders with a posted card waiting to be sent, oldest payment first.' }),
    sent: z.array(PostedGiftCardOrderSchema).openapi({ description: 'The orders sent most recently, newest first.' }),
  })
  .openapi('PostedGiftCardLists');

export const GiftCardOrderSentSchema = z
  .object({ marked: z.number().int().openapi({ description: 'How many cards this call marked sent (0: they were already).' }), order: PostedGiftCardOrderSchema })
  .openapi('GiftCardOrderSent');

export const listPostedGiftCards = createRoute({
  method: 'get',
  path: '/gift-cards/posting',
  operationId: 'listPostedGiftCards',
  tags: ['Gift cards'],
  summary: 'Posted gift cards to send, and the ones sent lately',
  description: 'The orders whose posted gift cards wait to be sent (each with the address, and each card\'s code and amount to print), and the orders sent most recently. For the shop\'s staff only (the gateway\'s staff-only giftCardsToPost).',
  request: { query: z.object({ first: z.coerce.number().int().min(1).max(100).optional().openapi({ description: 'At most this many orders in each list (default 50).' }) }) },
  responses: { 200: jsonContent(PostedGiftCardListsSchema, 'The two lists.'), ...errors },
});

export const markGiftCardOrderSent = createRoute({
  method: 'post',
  path: '/gift-cards/posting/{orderNumber}/sent',
  operationId: 'markGiftCardOrderSent',
  tags: ['Gift cards'],
  summary: 'Mark an order\'s posted gift cards sent',
  description:
    'Every posted gift card of the order still Ready to Redeem is marked sent (Royal Mail, untracked letter), and the buyer is emailed "Your gift card has been posted", in one transaction, once: 201 when this call marked cards, 200 when they were sent already (no second email). 404 NOT_FOUND for an order with no posted gift card; 409 VOUCHER_NOT_SENDABLE when its cards were refunded before they were sent.',
  request: {
    params: z.object({ orderNumber: z.string().min(1).max(40).openapi({ param: { name: 'orderNumber', in: 'path' }, example: '100123' }) }),
    body: { required: true, content: { 'application/json': { schema: z.object({ actorRef: z.string().min(1).max(200).openapi({ description: 'Who marked it (the staff person\'s or key\'s name).' }) }).strict().openapi('MarkGiftCardOrderSentRequest') } } },
  },
  responses: {
    201: jsonContent(GiftCardOrderSentSchema, 'Marked sent now; the email is queued.'),
    200: jsonContent(GiftCardOrderSentSchema, 'Already sent: nothing changed.'),
    409: problemContent('VOUCHER_NOT_SENDABLE: its cards were refunded before they were sent.'),
    ...errors,
  },
});
