/**
 * VIP membership: the route table. Cancelling within 14 days of joining or renewing, with a refund.
 * The handlers (vip.handlers.ts) are typed by it: an answer of another shape or an undocumented
 * status fails the typecheck.
 */
import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { VipCancellationSchema, VipOwnerQuerySchema, VipRefundSchema } from '../contract.ts';
import { errors } from '../lib/http.ts';

export const vipCancellation = createRoute({
  method: 'get',
  path: '/checkout/vip/cancellation',
  operationId: 'vipCancellation',
  tags: ['Orders'],
  summary: 'What cancelling the VIP membership would do now',
  description: 'The latest paid order that bought VIP for the shopper and was not cancelled: when it was paid, and whether cancelling now refunds it (until the end of London day 14 after payment). 404 VIP_NOT_A_MEMBER when there is none.',
  request: { query: VipOwnerQuerySchema },
  responses: { 200: jsonContent(VipCancellationSchema, 'The membership the shopper could cancel.'), ...errors, 404: problemContent('VIP_NOT_A_MEMBER.') },
});

export const cancelVip = createRoute({
  method: 'post',
  path: '/checkout/vip/cancel',
  operationId: 'cancelVip',
  tags: ['Orders'],
  summary: 'Cancel the VIP membership within 14 days, refunded',
  description:
    'Within 14 days of joining or renewing (to the end of London day 14 after payment): the year that payment bought ends at once, the part paid by card goes back to the card (state requested until the provider confirms, retried with the same key), the part paid from the wallet back to the wallet. Once per order. After 14 days 409 VIP_REFUND_WINDOW_CLOSED: the membership never renews by itself, so it simply ends on its date. 404 VIP_NOT_A_MEMBER when there is nothing to cancel.',
  request: { query: VipOwnerQuerySchema },
  responses: {
    200: jsonContent(VipRefundSchema, 'Cancelled; the refund.'),
    ...errors,
    404: problemContent('VIP_NOT_A_MEMBER.'),
    409: problemContent('VIP_REFUND_WINDOW_CLOSED: paid more than 14 days ago; detail says when it ends.'),
  },
});
