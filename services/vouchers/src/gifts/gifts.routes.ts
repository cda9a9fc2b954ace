import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { ClaimQuerySchema, CreateGiftAnswerSchema, CreateGiftBodySchema, GiftPreviewSchema, RedeemGiftBodySchema, SentGiftsQuerySchema, SentGiftsSchema } from './gifts.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const postGift = createRoute({
  method: 'post',
  path: '/gift/create',
  operationId: 'createGift',
  tags: ['Gifts'],
  summary: 'A holder gifts an unredeemed voucher to a recipient (spec §7 /gift/create)',
  description:
    'The voucher (Ready to Redeem, not expired, not in a gift still unclaimed) gets a claim link, emailed to the recipient with the giver\'s name and message, never the price or the code. ' +
    'It stays the giver\'s until the recipient claims it. Another customer\'s voucher is a 404 like an unknown id. (The e-gifts of an order are made by the checkout\'s paying transaction through the module function createOrderGifts.)',
  request: { body: { required: true, description: 'The voucher, its holder, the giver\'s name and the recipient.', content: { 'application/json': { schema: CreateGiftBodySchema } } } },
  responses: {
    201: jsonContent(CreateGiftAnswerSchema, 'Sent: the gift as its giver sees it.'),
    409: problemContent('VOUCHER_NOT_GIFTABLE: not Ready to Redeem, expired, or already sent as a gift and not yet claimed.'),
    ...errors,
    ...notFoundContent('No such voucher of this customer.'),
  },
});

export const getClaim = createRoute({
  method: 'get',
  path: '/gift/claim',
  operationId: 'previewGift',
  tags: ['Gifts'],
  summary: 'What a gift link gives, before claiming it (the token in the query, never in the logged path)',
  description:
    'The giver\'s name and message and each voucher\'s option, deal and expiry; never the price, and no voucher id until claimed. A gift claimed by someone other than customerToken is the same 404 as an unknown token.',
  request: { query: ClaimQuerySchema },
  responses: { 200: jsonContent(GiftPreviewSchema, 'The gift.'), ...errors, ...notFoundContent('No such gift (or claimed by someone else).') },
});

export const postRedeem = createRoute({
  method: 'post',
  path: '/deal/gift-redeem',
  operationId: 'claimGift',
  tags: ['Gifts'],
  summary: 'The recipient claims a gift: its vouchers become theirs (spec §7 /deal/gift-redeem)',
  description:
    'One conditional update: the gift claimed once, its vouchers\' holder the claimant, a claim event each (the status stays). Of two claims at once exactly one wins. ' +
    'Claimed already by this customer: 409 GIFT_ALREADY_CLAIMED; by anyone else, or an unknown token: the same 404; the giver\'s own gift: 409 OWN_GIFT; none of its vouchers still Ready to Redeem and the giver\'s (used, refunded, exchanged, returned since): 409 GIFT_NO_LONGER_AVAILABLE, the gift unclaimed. ' +
    'Only the vouchers still Ready to Redeem and the giver\'s move.',
  request: { body: { required: true, description: 'The claimant and the claim token.', content: { 'application/json': { schema: RedeemGiftBodySchema } } } },
  responses: {
    200: jsonContent(GiftPreviewSchema, 'Claimed: the gift with its voucher ids.'),
    409: problemContent('GIFT_ALREADY_CLAIMED (by this customer), OWN_GIFT (the giver cannot claim it) or GIFT_NO_LONGER_AVAILABLE (nothing in it can still be given).'),
    ...errors,
    ...notFoundContent('No such gift, or it was claimed by someone else.'),
  },
});

export const getSent = createRoute({
  method: 'get',
  path: '/gift/sent',
  operationId: 'getSentGifts',
  tags: ['Gifts'],
  summary: 'The gifts a customer sent, newest first (at most 50), claimed or not',
  description: 'Each with its recipient, vouchers and, once claimed, when and by whom (the claiming account\'s name). Never the claim link.',
  request: { query: SentGiftsQuerySchema },
  responses: { 200: jsonContent(SentGiftsSchema, 'The gifts.'), ...errors },
});
