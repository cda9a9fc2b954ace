/**
 * The wallet's words (issue 18 point 1; spec §9): what each part of the wallet is and how credit
 * is used at checkout. The figures are the rules the ledger and the checkout apply.
 */
export const WALLET_PATH = '/myaccount/wallet';
export const CREDIT_PATH = '/myaccount/credit';
export const WALLET_INFO_PATH = '/page/wallet-credit-more-info';
export const WALLET_TERMS_PATH = '/page/wallettermsofuse';

export const BUCKET_WORDS = {
  MARKETING: { label: 'Promotional credit', meaning: 'From offers, referrals and loyalty points. At checkout it pays up to 10% of each item, up to £5 per item.' },
  REFUNDABLE: { label: 'Refundable credit', meaning: 'From refunds, gift cards and expired vouchers taken as credit. At checkout it can pay any part of an order.' },
} as const;


/** The spec §4 message when the wallet cannot be read: no figure is shown instead of a wrong one. */
export const WALLET_ERROR_TITLE = 'We can’t show your wallet right now';
export const WALLET_ERROR_TEXT = 'Sorry, we couldn’t load your wallet credit. Your credit is safe. Please try again in a few minutes.';

export const HOW_CREDIT_IS_USED = [
  'At checkout you choose whether to pay with your wallet credit. It is taken before your card or other payment method is charged.',
  'The credit closest to its expiry date is spent first, then credit that does not expire.',
  'Promotional credit pays up to 10% of each item, up to £5 per item. Refundable credit can pay any part of an order.',
  'Wallet credit expires 12 months after it is redeemed into your wallet. Credit for an expired voucher is valid for 14 days.',
] as const;
