/**
 * My Vouchers' words and small rules: the status filter (spec §3 status words, their codes in the
 * url), the masked code, the help panel's sections by the spec §3 help event keys, and the
 * refund's words (issue 16 point 5). What each redeem illustration type asks of the shopper comes
 * from the gateway (Voucher.howToRedeem), the same words the printed voucher carries.
 */
import { isExpired, VOUCHER_STATUS_CODES, type StoredVoucherStatus, type VoucherHelpEventKey, type VoucherStatusCode } from '@shop/domain/voucher-status';
import { formatDate } from '../../lib/text.ts';

/** My Vouchers (spec §2 account area). */
export const MY_VOUCHERS_PATH = '/myaccount/vouchers';

/** The `?status=` value of a status: its code in lower case with hyphens (ready-to-redeem). */
export function statusParam(code: VoucherStatusCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}

/** The statuses the filter offers, in the spec's order, with their words. */
export const STATUS_FILTERS: ReadonlyArray<{ code: VoucherStatusCode; words: StoredVoucherStatus; param: string }> = (
  Object.entries(VOUCHER_STATUS_CODES) as Array<[StoredVoucherStatus, VoucherStatusCode]>
).map(([words, code]) => ({ code, words, param: statusParam(code) }));

/** The status a `?status=` value names; null for none or anything else (every voucher). */
export function statusFromParam(param: string | null): VoucherStatusCode | null {
  return STATUS_FILTERS.find((s) => s.param === param)?.code ?? null;
}

/** The spec §3 words of a status code. */
export function statusWords(code: VoucherStatusCode): StoredVoucherStatus {
  return STATUS_FILTERS.find((s) => s.code === code)!.words;
}

/** The code with all but its first group hidden: K7QZ2M-9TXB4R-WC3HDN → K7QZ2M-••••••-••••••. */
export function maskCode(code: string): string {
  return code
    .split('-')
    .map((group, i) => (i === 0 ? group : '•'.repeat(group.length)))
    .join('-');
}

/**
 * The option's own name: an option's title often starts with its deal's ("Afternoon Tea at the
 * Willow: for two"), which the card already shows as its heading.
 */
export function optionTitle(title: string, dealTitle: string | null | undefined): string {
  const prefix = dealTitle ? `${dealTitle}: ` : null;
  return prefix && title.startsWith(prefix) && title.length > prefix.length ? title.slice(prefix.length) : title;
}

/** A badge's tone for a status: usable, in progress, done, or over. */
export function statusTone(code: VoucherStatusCode | string): 'ready' | 'progress' | 'done' | 'over' {
  switch (code) {
    case 'READY_TO_REDEEM':
    case 'BOOKED':
      return 'ready';
    case 'CREDIT_REQUESTED':
    case 'RETURN_REQUESTED':
    case 'RETURN_IN_TRANSIT':
    case 'RETURNED_TO_THE_MERCHANT':
      return 'progress';
    case 'REDEEMED':
    case 'REQUEST_PROCESSED':
      return 'done';
    default:
      return 'over';
  }
}

/**
 * What the card says about the voucher's date: "Use by …" while it can be used, "Expired on …"
 * once its date has passed (or it is Expired); nothing for a voucher that is done with.
 */
export function validityOf(statusCode: string, expiresAt: string | null | undefined, now: Date): { kind: 'useBy' | 'expired' | 'noExpiry'; at: string | null } | null {
  const usable = statusCode === 'READY_TO_REDEEM' || statusCode === 'BOOKED';
  if (statusCode === 'EXPIRED' || (usable && expiresAt && isExpired(new Date(expiresAt), now))) return { kind: 'expired', at: expiresAt ?? null };
  if (!usable) return null;
  return expiresAt ? { kind: 'useBy', at: expiresAt } : { kind: 'noExpiry', at: null };
}

/** The help panel's sections (spec §3 help event keys but `closed`, the panel's own close), in order, with their titles. */
export const HELP_SECTIONS: ReadonlyArray<{ key: Exclude<VoucherHelpEventKey, 'closed'>; title: string }> = [
  { key: 'redeem', title: 'How to redeem' },
  { key: 'progress', title: 'Voucher history' },
  { key: 'gifting', title: 'Gifting' },
  { key: 'return', title: 'Refunds and returns' },
  { key: 'help', title: 'Need help?' },
];

/** Customer care (the e-commerce terms' complaints section names it too). */
export const CUSTOMER_CARE_EMAIL = 'help@thistledeals.co.uk';

/** Whether the card offers a refund: Ready to Redeem, and its 14-day window (spec §9, London) still open. */
export function canRefund(statusCode: string, refundableUntil: string, now: Date): boolean {
  return statusCode === 'READY_TO_REDEEM' && now.getTime() <= new Date(refundableUntil).getTime();
}

/** The printed voucher of a voucher's global id: a shop route that answers the PDF (never the SPA's). */
export function voucherPdfPath(voucherId: string): string {
  return `${MY_VOUCHERS_PATH}/${encodeURIComponent(voucherId)}/voucher.pdf`;
}

/** What the refund panel says (issue 16 point 5: cash back by default, wallet credit only by consent). */
export const REFUND_WORDS = {
  open: 'Refund',
  title: 'Refund this voucher',
  toCard: (amount: string) => `Refund ${amount} to your payment method`,
  toWallet: 'As wallet credit instead',
  consent: 'I agree to take this refund as Thistle Deals wallet credit instead of money back to my payment method',
  confirm: 'Confirm refund',
  busy: 'Refunding…',
  cancel: 'Cancel',
  failed: 'The refund did not go through',
  /** The request itself failed: the same attempt is sent again (its key), never a second refund. */
  unreachable: 'We could not reach Thistle Deals to make the refund. Please check your connection and press Confirm refund again.',
} as const;

/** The line after the 14 days, when the button is gone: "Refunds were possible until 3 November 2026." */
export const refundClosedLine = (refundableUntil: string) => `Refunds were possible until ${formatDate(refundableUntil)}.`;

/** Credit towards another deal, once the refund window has closed (issue 16 point 5). */
export const CREDIT_WORDS = {
  offer: (amount: string) => `You can still exchange it for ${amount} of wallet credit to spend on another deal.`,
  open: 'Exchange for credit',
  title: 'Exchange this voucher for credit',
  explain: (amount: string) => `The voucher can no longer be used once exchanged. ${amount} goes into your Thistle Deals wallet at once, to spend on any deal.`,
  confirm: 'Confirm exchange',
  busy: 'Exchanging…',
  cancel: 'Cancel',
  failed: 'The exchange did not go through',
  unreachable: 'We could not reach Thistle Deals to make the exchange. Please check your connection and try again.',
  done: (amount: string) => `${amount} added to your wallet`,
} as const;

/**
 * An expired voucher's paid value as wallet credit (spec §9: valid 14 days). The dates are London
 * days in words; `validUntil` is the end of day 14 from today, as the gateway offers it.
 */
export const EXPIRED_CREDIT_WORDS = {
  open: (amount: string) => `Take ${amount} as wallet credit`,
  validity: (validUntil: string) => `Valid for 14 days from today, until ${formatDate(validUntil)}.`,
  title: 'Take this voucher\'s value as wallet credit',
  explain: (amount: string, validUntil: string) =>
    `The voucher then cannot be used or refunded. ${amount} goes into your Thistle Deals wallet at once, to spend at checkout on any deal until ${formatDate(validUntil)}; what is left of it after that day expires.`,
  confirm: 'Confirm: take the credit',
  busy: 'Adding the credit…',
  cancel: 'Cancel',
  failed: 'The credit was not added',
  unreachable: 'We could not reach Thistle Deals to add the credit. Please check your connection and try again.',
  done: (amount: string, validUntil: string) => `${amount} is now in your wallet, to spend at checkout until ${formatDate(validUntil)}.`,
} as const;

/** Whether a voucher can still be exchanged for credit: unused and not past its date (the service decides again). */
export function canExchange(statusCode: string, expiresAt: string | null, now: Date): boolean {
  return statusCode === 'READY_TO_REDEEM' && (expiresAt === null || now.getTime() < new Date(expiresAt).getTime());
}

/** What the shopper is told once a refund is made, by where its money went and where it is. */
export function refundedMessage(refund: { destination: string; state: string; cashAmount: { amount: number; formatted: string }; walletAmount: { amount: number; formatted: string } }): string {
  const { cashAmount: cash, walletAmount: wallet } = refund;
  if (refund.destination === 'WALLET' || cash.amount === 0) return `${wallet.formatted} added to your wallet`;
  const alsoWallet = wallet.amount > 0 ? `, and ${wallet.formatted} back in your wallet` : '';
  // The provider refused the card part: the money is owed, and a person pays it back.
  if (refund.state === 'FAILED') return `Refund of ${cash.formatted} recorded: our customer-care team will pay it back to your payment method${alsoWallet}`;
  return `Refund of ${cash.formatted} on its way to your payment method${alsoWallet}`;
}
