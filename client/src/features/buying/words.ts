/**
 * The buying words the client shows, from domain's BUYING_MESSAGES (spec §8 word for word). Kept
 * in one small module so the deal page and the header do not load the checkout's code.
 */
import { BUYING_MESSAGES } from '@shop/domain/buying';

/** Spec §8: a request failed for no reason the shopper can act on. */
export const SOMETHING_WRONG = BUYING_MESSAGES.somethingWrong;
