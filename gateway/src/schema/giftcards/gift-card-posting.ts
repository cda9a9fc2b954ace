/**
 * Posted gift cards to send (issue 18 point 2): Query.giftCardsToPost and
 * Mutation.markGiftCardOrderSent, staff only (security/staff-fields.ts refuses them to anyone
 * without a staff key or a staff person's session, as the field not existing). The gift-card
 * merchant is the shop itself, with no merchant account, so its staff post the printed cards.
 * Through the checkout service (clients/giftcards.client.ts), which calls the vouchers' posting
 * module and queues the buyer's "posted" email in the same transaction.
 */
import type { PostedGiftCardOrderData } from '../../clients/giftcards.client.ts';
import type { MutationResolvers, PostedGiftCardOrder, QueryResolvers } from '../__generated__/resolvers.ts';
import { notFound } from '../user-errors.ts';
import { staffOnly } from '../../security/staff-fields.ts';

const LIST_SIZE = 50;

function postedGiftCardOrderOf(o: PostedGiftCardOrderData): PostedGiftCardOrder {
  return {
    orderNumber: o.orderNumber,
    paidAt: o.paidAt,
    deliverTo: o.deliverTo,
    sentAt: o.sentAt,
    cards: o.cards.map((c) => ({ voucherId: c.voucherId, code: c.code, amount: { amount: c.amount, currency: c.currency === 'EUR' ? 'EUR' : 'GBP' }, status: c.status })),
  } as PostedGiftCardOrder;
}

export const giftCardsToPost: NonNullable<QueryResolvers['giftCardsToPost']> = async (_p, _a, ctx) => {
  await staffOnly(ctx);
  const lists = await ctx.clients.giftCards.postingLists(LIST_SIZE);
  return { toPost: lists.toPost.map(postedGiftCardOrderOf), sent: lists.sent.map(postedGiftCardOrderOf) };
};

export const markGiftCardOrderSent: NonNullable<MutationResolvers['markGiftCardOrderSent']> = async (_p, { orderNumber }, ctx) => {
  const actorRef = await staffOnly(ctx);
  const trimmed = orderNumber.trim();
  if (!trimmed || trimmed.length > 40) return notFound('NOT_FOUND', 'orderNumber');
  const answer = await ctx.clients.giftCards.markPosted(trimmed, actorRef);
  if (answer.ok) return { __typename: 'GiftCardOrderMarkedSent' as const, order: postedGiftCardOrderOf(answer.order), markedNow: answer.marked };
  if (answer.code === 'NOT_FOUND') return notFound('NOT_FOUND', 'orderNumber');
  return { __typename: 'PostingError' as const, code: 'VOUCHER_NOT_SENDABLE' as const, message: answer.message ?? 'This order cannot be marked sent.', field: 'orderNumber' };
};
