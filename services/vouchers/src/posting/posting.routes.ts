import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import {
  HolderDispatchesSchema,
  HolderDispatchQuerySchema,
  MarkSentBodySchema,
  PostedOrderSchema,
  PostedOrdersPageSchema,
  PostingListQuerySchema,
  PostingParamsSchema,
  ReturnReceivedBodySchema,
  ReturnsPageSchema,
} from './posting.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const getOrdersToPost = createRoute({
  method: 'get',
  path: '/posting/to-post',
  operationId: 'getOrdersToPost',
  tags: ['Posting'],
  summary: 'Paid goods of the business waiting to be posted, oldest first',
  description:
    "Vouchers of the business's deals sent by post (dealIds: the caller gives only its postal deals) that are Ready to Redeem and not marked sent: not refunded, cancelled or in a return. " +
    'One row per unit, with its order number, option, how many its order line bought, and the delivery address the order gave.',
  request: { query: PostingListQuerySchema },
  responses: { 200: jsonContent(PostedOrdersPageSchema, 'The orders to post.'), ...errors },
});

export const getSentOrders = createRoute({
  method: 'get',
  path: '/posting/sent',
  operationId: 'getSentOrders',
  tags: ['Posting'],
  summary: 'Goods of the business marked sent, most recent first',
  description: 'Each with its carrier, tracking reference and when it was sent, and its status now (a return or refund since shows there).',
  request: { query: PostingListQuerySchema },
  responses: { 200: jsonContent(PostedOrdersPageSchema, 'The orders sent.'), ...errors },
});

export const getReturnsOnTheirWay = createRoute({
  method: 'get',
  path: '/posting/returns',
  operationId: 'getReturnsOnTheirWay',
  tags: ['Posting'],
  summary: 'Returns of the business\'s goods the carrier has scanned (Return in Transit), oldest first',
  description: "What the merchant expects back: each return's order, option, reason in words, note, carrier and tracking number, oldest request first. Marked received with POST /posting/{voucherId}/return-received.",
  request: { query: PostingListQuerySchema },
  responses: { 200: jsonContent(ReturnsPageSchema, 'The returns on their way.'), ...errors },
});

export const postSent = createRoute({
  method: 'post',
  path: '/posting/{voucherId}/sent',
  operationId: 'markVoucherSent',
  tags: ['Posting'],
  summary: 'The merchant marks one unit of goods sent, with the carrier and its tracking reference',
  description:
    'One dispatch per voucher (its primary key), written only while the voucher is Ready to Redeem under its row lock. 201 the order with its dispatch; the same carrier and reference again ' +
    '(a second click, a retry) 200 the same answer; 409 VOUCHER_ALREADY_SENT when it was sent with another reference, VOUCHER_NOT_SENDABLE when it was refunded, cancelled or is in a return; ' +
    "another merchant's voucher or an unknown id is the same 404. The status does not change: the shopper sees the tracking on the voucher.",
  request: { params: PostingParamsSchema, body: { required: true, description: 'The carrier and tracking reference, and the merchant.', content: { 'application/json': { schema: MarkSentBodySchema } } } },
  responses: {
    201: jsonContent(PostedOrderSchema, 'Marked sent.'),
    200: jsonContent(PostedOrderSchema, 'Already marked sent with the same carrier and reference: the same answer.'),
    409: problemContent('VOUCHER_ALREADY_SENT (detail: when, by which carrier, which reference) or VOUCHER_NOT_SENDABLE (detail: its status).'),
    ...errors,
    ...notFoundContent('No such voucher among these deals.'),
  },
});

export const postReturnReceived = createRoute({
  method: 'post',
  path: '/posting/{voucherId}/return-received',
  operationId: 'markReturnReceived',
  tags: ['Posting'],
  summary: 'The merchant has the returned goods back',
  description:
    'Return in Transit → Returned to the Merchant (receiveReturn, the merchant), then the refund of what the voucher was paid to the payment method (Refunded; a refund that fails now is retried by the returns job). ' +
    "Asked again once received, the same answer; 409 VOUCHER_NOT_RETURNABLE when the return is not on its way (detail: its status); another merchant's voucher or an unknown id is the same 404.",
  request: { params: PostingParamsSchema, body: { required: true, description: 'The merchant.', content: { 'application/json': { schema: ReturnReceivedBodySchema } } } },
  responses: {
    200: jsonContent(z.object({ voucherId: z.uuid(), status: z.string().openapi({ description: 'Returned to the Merchant, or Refunded once its refund is made.' }) }).openapi('ReturnReceived'), 'Received.'),
    409: problemContent('VOUCHER_NOT_RETURNABLE: the return is not on its way (detail: its status).'),
    ...errors,
    ...notFoundContent('No such voucher among these deals.'),
  },
});

export const getHolderDispatches = createRoute({
  method: 'get',
  path: '/posting/dispatches',
  operationId: 'getHolderDispatches',
  tags: ['Posting'],
  summary: "Which of a holder's vouchers were sent, with the carrier and tracking (My Vouchers)",
  description: "Only the holder's own vouchers are answered; another's are left out, as unknown ids are.",
  request: { query: HolderDispatchQuerySchema },
  responses: { 200: jsonContent(HolderDispatchesSchema, 'The dispatches.'), ...errors },
});
