/**
 * Refer a friend (spec §1 "Copy promises up to 200 pounds to each side. Referral credit is £10
 * after the 14-day refund window.", §9, issue 18 point 4). Pure rules shared by the users service
 * (recording a referral), the checkout (qualifying and settling it) and the page's copy.
 *
 * - A shopper's personal link is `/r/<code>`: 16 base64url characters (96 random bits).
 * - A friend who registers through it is recorded once (the database keeps one referrer per referee).
 * - The friend's first paid order after that makes the referral PENDING until the end of the
 *   refund window (REFUND_WINDOW_DAYS, London time, as the vouchers' own refund right).
 * - Then, if no voucher of that order was refunded, £10 wallet credit (marketing) each to the
 *   friend and to the referrer; a refunded order makes it VOID with no credit.
 * - A referrer is paid for at most 20 friends: 20 × £10 = £200 ("up to £200"). The friend's own
 *   £10 does not depend on that limit.
 * - Never to oneself: not the same account, not the same email once canonical (domain/email.ts
 *   canonicalEmail: case, +tags, gmail dots), not a card saved by both (the saved card's
 *   fingerprint: type, brand, last four digits and expiry, services/payment fingerprints.ts).
 */
import { canonicalEmail } from './email.ts';
import { refundableUntil } from './voucher-status.ts';

/** Spec §9: "Referral credit is £10", to each side. */
export const REFERRAL_CREDIT_PENCE = 1000;
/** The most friends a referrer is credited for: 20 × £10 = £200, the spec's "up to 200 pounds". */
export const REFERRAL_MAX_CREDITED_FRIENDS = 20;
export const REFERRAL_MAX_PENCE = REFERRAL_CREDIT_PENCE * REFERRAL_MAX_CREDITED_FRIENDS;
/** A friend joins through a link only while the account is new: within 7 days of registering. */
const REFERRAL_JOIN_DAYS = 7;
/** The referral credit is marketing credit; it expires as other promotional credit does, 12 months on. */
export const REFERRAL_CREDIT_VALID_MONTHS = 12;
/** Spec §9 "Share popup 550 by 600". */
export const SHARE_POPUP = { width: 550, height: 600 } as const;
/** The personal link's code: 16 base64url characters. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** Where a personal link points: the shop's page that counts the open and leads to registration. */
export const referralPath = (code: string) => `/r/${code}`;

export const REFERRAL_STATUSES = ['JOINED', 'PENDING', 'CREDITED', 'VOID'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral is not recorded or not paid. */
export type ReferralRefusal = 'SELF_ACCOUNT' | 'SELF_EMAIL' | 'SELF_PAYMENT' | 'ALREADY_REFERRED' | 'NOT_NEW' | 'REFUNDED' | 'WINDOW_OPEN';

/** The page's words for the rules: only what the settle job pays. */
export const REFERRAL_RULES = [
  'You get £10 and your friend gets £10 in wallet credit when your friend registers through your link and buys their first deal.',
  'The credit is added once the 14-day refund window of that first order has passed and only if it was not refunded. Until then it shows as pending.',
  'You are credited for up to 20 friends: 20 × £10 = up to £200.',
  'Each friend can be referred once, within 7 days of registering. You cannot refer yourself: not your own account, not another address of yours, not with a card you have saved.',
  'Referral credit is wallet credit for deals on Thistle Deals, not cash. It expires 12 months after it is added.',
] as const;

export interface JoinCheck {
  referrerId: number;
  refereeId: number;
  referrerEmail: string | null;
  refereeEmail: string | null;
  refereeCreatedAt: Date;
  /** The referee already has a referrer (the unique index decides in the database; this is the rule). */
  alreadyReferred: boolean;
  now: Date;
}

/** Whether a friend may join through a link: null when yes. */
export function joinRefusal(c: JoinCheck): ReferralRefusal | null {
  if (c.referrerId === c.refereeId) return 'SELF_ACCOUNT';
  if (c.referrerEmail && c.refereeEmail && canonicalEmail(c.referrerEmail) === canonicalEmail(c.refereeEmail)) return 'SELF_EMAIL';
  if (c.alreadyReferred) return 'ALREADY_REFERRED';
  if (c.now.getTime() - c.refereeCreatedAt.getTime() > REFERRAL_JOIN_DAYS * 24 * 60 * 60 * 1000) return 'NOT_NEW';
  return null;
}

/** Whether the friend's paying card was saved by the referrer too (fingerprints of saved instruments). */
export function samePayment(referrerFingerprints: readonly string[], refereeFingerprints: readonly string[]): boolean {
  const mine = new Set(referrerFingerprints);
  return refereeFingerprints.some((f) => mine.has(f));
}

/** When a pending referral may be settled: the end of the qualifying order's refund window. */
export function referralDueAt(paidAt: Date): Date {
  return refundableUntil(paidAt);
}

/** What the settle job does with a pending referral at `now`. */
export function settleDecision(input: { dueAt: Date; refunded: boolean; now: Date }): { settle: 'CREDIT' } | { settle: 'VOID'; reason: 'REFUNDED' } | { settle: 'WAIT'; reason: 'WINDOW_OPEN' } {
  if (input.now.getTime() <= input.dueAt.getTime()) return { settle: 'WAIT', reason: 'WINDOW_OPEN' };
  if (input.refunded) return { settle: 'VOID', reason: 'REFUNDED' };
  return { settle: 'CREDIT' };
}

/** A referee as the referrer sees them: first name and initial, or the email masked (`a***@example.com`). */
export function maskedReferee(firstName: string | null, email: string | null): string {
  const name = firstName?.trim();
  if (name) return name;
  if (!email) return 'A friend';
  const at = email.lastIndexOf('@');
  if (at <= 0) return 'A friend';
  return `${email[0]}***${email.slice(at)}`;
}
