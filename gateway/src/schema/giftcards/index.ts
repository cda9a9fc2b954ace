/**
 * Gift cards (issue 18 point 2): redeemGiftCard and its result union; the staff's posted cards to
 * send (gift-card-posting.ts). schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { redeemGiftCard } from './Mutation.redeemGiftCard.ts';
import { giftCardsToPost, markGiftCardOrderSent } from './gift-card-posting.ts';

export const giftCardsQuery = { giftCardsToPost };
export const giftCardsMutation = { redeemGiftCard, markGiftCardOrderSent };
export const giftCardsTypes = { RedeemGiftCardResult: { __resolveType: byTypename }, MarkGiftCardOrderSentResult: { __resolveType: byTypename } };
