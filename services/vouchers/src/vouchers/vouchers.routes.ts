import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { FeedParamsSchema, FeedQuerySchema, HolderQuerySchema, VoucherDetailSchema, VoucherPageSchema, VoucherParamsSchema } from '../contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const getFeed = createRoute({
  method: 'get',
  // Spec §7 voucher/{id}/{feed}: the holder goes in the query, never in the path, because the
  // request log writes paths (services/platform logger.ts) and a customer token is a credential.
  path: '/voucher/feeds/{feed}',
  operationId: 'getVoucherFeed',
  tags: ['Vouchers'],
  summary: "A holder's vouchers, newest first (spec §7 voucher/{id}/{feed}?giftPacks=true; the holder is customerToken)",
  description:
    'A page of the vouchers the customer holds (bought signed in, or claimed as a gift): feed "voucher" (My Vouchers) 10 a page, "find" 20; ' +
    'status narrows to one status code; after is the endCursor of the page before. A customer with none gets an empty page.',
  request: { params: FeedParamsSchema, query: FeedQuerySchema },
  responses: { 200: jsonContent(VoucherPageSchema, 'The page.'), ...errors },
});

export const getVoucher = createRoute({
  method: 'get',
  path: '/voucher/{voucherId}',
  operationId: 'getVoucher',
  tags: ['Vouchers'],
  summary: 'One voucher of its holder, with its history (spec §7 voucher)',
  description: "Another customer's voucher is a 404, exactly like an unknown id (reliability Z1).",
  request: { params: VoucherParamsSchema, query: HolderQuerySchema },
  responses: { 200: jsonContent(VoucherDetailSchema, 'The voucher and every change, oldest first.'), ...errors, ...notFoundContent('No such voucher of this customer.') },
});
