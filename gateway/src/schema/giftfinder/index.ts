/** The gift finder (issue 19 point 3): Query.giftFinder and its type. schema.ts spreads these. */
import { GiftFinder, giftFinder } from './GiftFinder.ts';

export const giftFinderQuery = { giftFinder };
export const giftFinderTypes = { GiftFinder };
