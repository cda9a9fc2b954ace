/**
 * Credit claims (spec §2 query parameter credit_validation, §3 credit claim response, §4 credit
 * claim, §5, §8 credit toasts): a link with ?credit_validation=<campaign id> credits the signed-in
 * shopper's wallet once per campaign. The wallet service keeps the campaigns and the claims; the
 * client shows one of the five toasts below.
 */
import { formatMoney, type Currency } from './money.ts';

/** The query parameter that triggers a claim (spec §2). */
export const CREDIT_VALIDATION_PARAM = 'credit_validation';

/** The session-storage key the code waits under while the shopper logs in (spec §4). */
export const CREDIT_CLAIM_STORAGE_KEY = 'pendingCreditValidation';

/** The static page the toasts' "See T&Cs" links to (spec §2 /page/{slug}). */
export const CREDIT_TERMS_PATH = '/page/wallettermsofuse';

/**
 * The statuses of a claim (spec §3 "Credit claim response: status, creditAmount, currency"):
 * CLAIMED credited the wallet now; ALREADY_CLAIMED this shopper had it before; the others say why
 * the link gives nothing (all shown as "no longer valid", spec §8's "other status" toast):
 * EXHAUSTED is a campaign whose budget (its most claims) is used up.
 */
export const CREDIT_CLAIM_STATUSES = ['CLAIMED', 'ALREADY_CLAIMED', 'NOT_FOUND', 'NOT_STARTED', 'EXPIRED', 'INACTIVE', 'EXHAUSTED'] as const;
export type CreditClaimStatus = (typeof CREDIT_CLAIM_STATUSES)[number];

/** The longest campaign id a claim can name (PostgreSQL bigint has 18 safe digits). */
export const CREDIT_CAMPAIGN_ID_MAX_DIGITS = 18;

/**
 * Spec §5: "credit_validation must be digits only, otherwise it is ignored". The code of a
 * credit_validation value, or null when it must be ignored (missing, empty, anything but digits).
 */
export function creditValidationCode(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) return null;
  return value;
}

/** What happened to a claim, as the client learns it. */
export type CreditClaimOutcome =
  | { kind: 'answered'; status: CreditClaimStatus; creditAmount: number | null; currency: Currency | null }
  /** The call failed (network, timeout, a server error). */
  | { kind: 'failed' }
  /** Nobody is signed in (spec §4: the code waits, a login prompt shows). */
  | { kind: 'logged-out' }
  /** Too many claims that gave nothing (the guessing limits per account and address): refused unseen. */
  | { kind: 'too-many' };

export interface CreditToast {
  /** The message before its "See T&Cs." link (the whole message when there is no link). */
  text: string;
  /** Whether the message ends with "See T&Cs." linking to CREDIT_TERMS_PATH. */
  terms: boolean;
  /** success: credit applied; info: nothing new to do; error: nothing happened. */
  tone: 'success' | 'info' | 'error';
  /** The login prompt: the toast also offers the login page. */
  login: boolean;
}

const TERMS = 'See T&Cs.';

/**
 * The words of a claim refused by the guessing limits (not in the spec; campaign ids are short
 * numbers, so claims that give nothing are limited per account and per client address).
 */
export const CREDIT_CLAIM_TOO_MANY_MESSAGE = 'Too many offer links tried. Please try again later.';

/** The credit toast of an outcome (spec §8, word for word; {amount} as formatMoney: £5, £12.50). */
export function creditToast(outcome: CreditClaimOutcome): CreditToast {
  if (outcome.kind === 'failed') return { text: 'Unable to process credit at this time. Please try again later.', terms: false, tone: 'error', login: false };
  if (outcome.kind === 'too-many') return { text: CREDIT_CLAIM_TOO_MANY_MESSAGE, terms: false, tone: 'error', login: false };
  if (outcome.kind === 'logged-out') return { text: 'Please log in to claim your credit.', terms: true, tone: 'info', login: true };
  const amount = outcome.creditAmount !== null && outcome.creditAmount > 0 ? formatMoney(outcome.creditAmount, outcome.currency ?? 'GBP') : null;
  // A claimed answer without an amount cannot be worded truthfully: it reads as "no longer valid".
  if (outcome.status === 'CLAIMED' && amount !== null) {
    return { text: `Your ${amount} credit has been applied to your account. You'll see it when you get to checkout!`, terms: true, tone: 'success', login: false };
  }
  if (outcome.status === 'ALREADY_CLAIMED' && amount !== null) {
    return { text: `You've already received your ${amount} credit from this offer.`, terms: true, tone: 'info', login: false };
  }
  return { text: 'Sorry, this offer link is no longer valid.', terms: true, tone: 'error', login: false };
}

/** The whole message of a toast, as spec §8 words it. */
export function creditToastMessage(outcome: CreditClaimOutcome): string {
  const toast = creditToast(outcome);
  return toast.terms ? `${toast.text} ${TERMS}` : toast.text;
}
