/**
 * Gift cards (issue 18 point 2): redeemGiftCard and its result union. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { redeemGiftCard } from './Mutation.redeemGiftCard.ts';

export const giftCardsMutation = { redeemGiftCard };
export const giftCardsTypes = { RedeemGiftCardResult: { __resolveType: byTypename } };
