/**
 * THE list of error codes a shopper can act on. The GraphQL `ErrorCode` enum and the REST
 * problem `code`s are checked against it, and every code has British-English copy here.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Please check the highlighted field and try again.',
  NOT_FOUND: 'Sorry, we could not find that.',
  DEAL_SOLD_OUT: 'Sorry, this deal has sold out.',
  DEAL_CLOSED: 'Sorry, this deal has ended.',
  // Accounts (issue 5). Sign-in failures never say whether the email is registered.
  INVALID_CREDENTIALS: 'Your email or password is incorrect.',
  /** Only staff lock an account, and only someone who gives its right password (or holds its inbox) is told. */
  ACCOUNT_LOCKED: 'This account is locked. Please contact us for assistance.',
  RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
  /** The sign-in throttle (issue 14 #5): the same words for every address, registered or not; retryAfterSeconds says how long. */
  SIGN_IN_THROTTLED: 'Too many sign-in attempts. Try again later, or email yourself a sign-in link.',
  EMAIL_NOT_CONFIRMED: 'Please confirm your email address first. We have sent you a new link.',
  EMAIL_NOT_REGISTERED: "Email wasn't registered",
  INVALID_GOOGLE_TOKEN: 'Invalid google token id',
  INVALID_LINK: 'This link has expired or has already been used. Please ask for a new one.',
  WRONG_PASSWORD: 'Your current password is incorrect.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  // Buying (issue 6). Payment words are spec §8's (domain/src/buying.ts BUYING_MESSAGES).
  INSUFFICIENT_STOCK: 'Sorry, there are not enough left of this option. Please lower the quantity.',
  PURCHASE_LIMIT: 'You have reached the most you can buy of this option.',
  HOLD_EXPIRED: 'Your reserved time ran out and the units went back on sale. Please check your basket and try again.',
  HOLD_LIMIT: 'You are holding as many vouchers as we can keep for one shopper at a time. Please pay for or empty your other baskets, or try again in a few minutes.',
  BASKET_NOT_FOUND: 'Sorry, we could not find your basket. Please add the deal again.',
  BASKET_EMPTY: 'Your basket is empty.',
  PROMO_CODE_INVALID: 'This promo code cannot be used.',
  WALLET_INSUFFICIENT: 'Your wallet balance is lower than the credit you chose to use.',
  PAYMENT_DECLINED: 'Unfortunately, your payment did not go through. Please try again or select a different payment method.',
  PAYMENT_FAILED: 'There was a problem with your payment and your order has not been placed. Please check your details and try again. If the issue persists please contact us for assistance.',
  PAYMENT_PENDING: 'We are confirming your payment with the provider. Please do not pay again: your order will update in a few minutes.',
  PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available for this order.',
  CARD_NOT_ACCEPTED: 'We do not accept American Express or Diners Club cards. Please use a Visa or Mastercard card.',
  EXPRESS_BUY_INELIGIBLE: 'Requested deal cannot be purchased via Express Buy.',
  PRICE_CHANGED: 'The price of your basket changed. Please check it and pay again.',
  IDEMPOTENCY_CONFLICT: 'We are still working on your last request. Please wait a moment.',
  // VIP (issue 14): spec §9 £4.99 a year, extra saving up to 10%.
  VIP_ONLY: 'This option is for VIP members only. VIP membership costs £4.99 a year and gives extra savings of up to 10%: add it at checkout, signed in, with your next order.',
  VIP_NEEDS_ACCOUNT: 'Sign in to add VIP membership: it belongs to your account.',
  // Joining VIP from /deals/vip (issue 18 point 5): a member is never sold it twice.
  VIP_ALREADY_MEMBER: 'You are already a VIP member: your VIP prices are yours until your membership ends.',
  // VIP cancellation (issue 18 point 5): refunded within 14 days of joining or renewing; it never renews by itself.
  VIP_NOT_A_MEMBER: 'You have no VIP membership to cancel.',
  VIP_REFUND_WINDOW_CLOSED: 'Your VIP membership does not renew automatically, so there is nothing more to pay. It was paid more than 14 days ago, so it cannot be refunded.',
  // Vouchers (issue 16): a change the voucher's status does not allow (domain voucher-status).
  VOUCHER_NOT_REDEEMABLE: 'This voucher cannot be redeemed: it has been used, refunded, cancelled or has expired.',
  VOUCHER_NOT_REFUNDABLE: 'This voucher cannot be refunded: it has been used, refunded or cancelled, or it has expired.',
  /** Spec §9: refund within 14 days (until the end of day 14 in London after the purchase). */
  REFUND_WINDOW_CLOSED: 'Refunds are possible until the end of the 14th day after purchase, and that time has passed for this voucher.',
  WALLET_CONSENT_REQUIRED: 'Please confirm that you want this refund as wallet credit instead of back to your payment method.',
  VOUCHER_NOT_EXCHANGEABLE: 'This voucher cannot be exchanged for credit: it has been used, refunded, exchanged or cancelled, or it has expired.',
  /** Spec §9: only an expired voucher's paid value is taken as wallet credit (valid 14 days). */
  VOUCHER_NOT_EXPIRED: 'Only an expired voucher can be taken as wallet credit.',
  /** Returns (issue 16 point 6): only goods sent by post, still Ready to Redeem, can be sent back. */
  VOUCHER_NOT_RETURNABLE: 'This voucher cannot be returned: only goods sent by post that have not been used, refunded or returned already can be sent back.',
  /** Gifts (issue 16 point 8): a claim link claims once; the giver cannot claim their own gift. */
  GIFT_NOT_FOUND: 'Sorry, this gift link is not valid, or the gift has already been claimed.',
  GIFT_ALREADY_CLAIMED: 'You have already claimed this gift: it is in My Vouchers.',
  OWN_GIFT: 'You sent this gift, so only its recipient can claim it.',
  GIFT_NO_LONGER_AVAILABLE: 'This gift can no longer be claimed: the voucher has been used, refunded or has expired. Please ask the person who sent it.',
  /** A voucher received as a gift: the money is the buyer's, so only they can ask for a refund. */
  GIFT_RECEIVED_NOT_REFUNDABLE: 'This voucher was a gift: the person who sent it can ask us for a refund.',
  VOUCHER_NOT_GIFTABLE: 'Only a voucher that is ready to redeem, not expired and not already sent as a gift can be gifted.',
  /** Merchant applications (issue 17): staff approve or reject an application once. */
  APPLICATION_DECIDED: 'This application has already been decided the other way.',
  // Redemption at the merchant's till (issue 17): the undo's refusals and the file's limit.
  REDEMPTION_UNDO_EXPIRED: 'A redemption can be undone within 15 minutes.',
  VOUCHER_NOT_REDEEMED: 'This voucher is not redeemed, so there is nothing to undo.',
  REDEMPTION_NOT_YOURS: 'Only the business that redeemed this voucher can undo it.',
  REDEMPTION_FILE_TOO_LARGE: 'A file of codes can have at most 10,000 codes.',
  // Goods posting (issue 17 point 5): one dispatch per unit, only of goods still to post.
  VOUCHER_ALREADY_SENT: 'This order was already marked sent with another tracking reference.',
  VOUCHER_NOT_SENDABLE: 'This order cannot be marked sent: it was refunded, cancelled or is being returned.',
  // Bookings against capacity (issue 17 point 4): the service's detail says which day and why.
  BOOKING_NOT_OFFERED: 'This voucher is not booked online: contact the merchant to book.',
  VOUCHER_ALREADY_BOOKED: 'This voucher is booked already: move or cancel its booking instead.',
  VOUCHER_NOT_BOOKED: 'This voucher has no booking to change.',
  VOUCHER_NOT_BOOKABLE: 'This voucher cannot be booked: it is used, refunded or past its date.',
  BOOKING_DATE_UNAVAILABLE: 'Choose a date from tomorrow until the voucher expires.',
  BOOKING_DATE_FULL: 'That date is fully booked: choose another date.',
  BOOKING_CHANGE_CLOSED: 'It is too late to change this booking online: contact the merchant.',
  // Gift cards (issue 18 point 2): a wrong code never says whether it exists for someone else.
  GIFT_CARD_NOT_FOUND: 'Sorry, we could not find a gift card with that code. Please check the code and try again.',
  ALREADY_REDEEMED: 'This gift card has already been redeemed.',
  /** The service's detail (giftCardExpiredMessage) names the day it expired. */
  GIFT_CARD_EXPIRED: 'This gift card has expired: gift cards can be redeemed within 6 months of purchase.',
  // Loyalty club (issue 18 point 6): the exchange's refusals; the shopper sees spec §5's words (domain loyalty.ts).
  NOT_ENOUGH_POINTS: "You don't have enough points",
  LEVEL_TOO_LOW: 'Pink members cannot exchange points yet: reach the next level first.',
  POINTS_OUT_OF_RANGE: 'Please choose a number of points between 1 and your balance.',
  // Reviews (issue 19 point 9): only the holder of a redeemed voucher of the merchant, once per voucher (DMCC Act 2024).
  REVIEW_NOT_ALLOWED: 'You can review a business once one of your vouchers for it has been redeemed.',
  REVIEW_ALREADY_WRITTEN: 'You have already reviewed this voucher: one review per voucher.',
  // Wishlist (issue 19 point 1): spec §9 at most 50 deals.
  WISHLIST_FULL: 'Your wish list is full: it holds 50 deals. Remove one to add another.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function messageFor(code: ErrorCode): string {
  return ERROR_MESSAGES[code];
}
