/**
 * The voucher validity extension (VVE, spec §9 "Voucher extension is up to 3 months") and the
 * expiry reminders (issue 16 points 7 and 9): pure rules shared by the checkout (which charges
 * for an extension), the vouchers service (which says what a voucher can still get and sends the
 * reminders) and the gateway and client (which show them).
 */
import { endOfLondonDayAfter, londonDate, londonExpiry } from './london-time.ts';
import { VOUCHER_EXTENSION_MAX_MONTHS } from './voucher-status.ts';

/** Price of one month's extension of one voucher, integer pence (ours: the spec gives none). */
export const VVE_PRICE_PER_VOUCHER_MONTH_PENCE = 100;

/** What `months` more months of validity cost for `vouchers` vouchers, integer pence. */
export function vvePrice(vouchers: number, months: number): number {
  return vouchers * months * VVE_PRICE_PER_VOUCHER_MONTH_PENCE;
}

/** Why a voucher cannot be extended (any more). */
export type ExtensionRefusal = 'EXPIRED' | 'NOT_READY' | 'MAX_EXTENDED' | 'NO_EXPIRY';

export const EXTENSION_REFUSAL_MESSAGES: Readonly<Record<ExtensionRefusal, string>> = {
  EXPIRED: 'This voucher has expired, so its validity can no longer be extended.',
  NOT_READY: 'Only a voucher that is Ready to Redeem can be extended.',
  MAX_EXTENDED: `This voucher has already been extended by ${VOUCHER_EXTENSION_MAX_MONTHS} months, the most it can be.`,
  NO_EXPIRY: 'This voucher has no expiry date to extend.',
};

export interface ExtensionOption {
  months: number;
  /** Integer pence. */
  price: number;
  /** The new expiry: the end of the London day `months` calendar months after the current one. */
  expiresAt: Date;
}

/**
 * What one voucher can still get: 1 month up to what is left of the 3 in all, each priced by the
 * VVE rule, with the expiry it would have; or why not. Checked again by the checkout when it is paid.
 */
export function extensionOptions(v: { status: string; expiresAt: Date | null; extendedMonths: number }, now: Date): { options: ExtensionOption[]; refusal: ExtensionRefusal | null } {
  const refusal: ExtensionRefusal | null =
    v.status === 'Expired' || (v.status === 'Ready to Redeem' && v.expiresAt !== null && v.expiresAt.getTime() <= now.getTime())
      ? 'EXPIRED'
      : v.status !== 'Ready to Redeem'
        ? 'NOT_READY'
        : v.expiresAt === null
          ? 'NO_EXPIRY'
          : v.extendedMonths >= VOUCHER_EXTENSION_MAX_MONTHS
            ? 'MAX_EXTENDED'
            : null;
  if (refusal || !v.expiresAt) return { options: [], refusal };
  const left = VOUCHER_EXTENSION_MAX_MONTHS - v.extendedMonths;
  const expiresAt = v.expiresAt;
  return { options: Array.from({ length: left }, (_, i) => ({ months: i + 1, price: vvePrice(1, i + 1), expiresAt: londonExpiry(expiresAt, i + 1) })), refusal: null };
}

// ---------------------------------------------------------------------------------------------
// Expiry reminders

/** The reminders, most urgent last: each is due when the voucher expires within that many London days. */
export const REMINDER_KINDS = ['30d', '7d', '1d'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_DAYS: Readonly<Record<ReminderKind, number>> = { '30d': 30, '7d': 7, '1d': 1 };

/** Whole London calendar days from `now`'s day to the expiry's day (0: it expires at the end of today). */
export function londonDaysLeft(expiresAt: Date, now: Date): number {
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((day(londonDate(expiresAt)) - day(londonDate(now))) / 86_400_000);
}

/**
 * The one reminder due now, if any: the most urgent kind whose window the voucher is in, if it was
 * not sent yet. A voucher first seen 5 days before its expiry gets the 7-day reminder only, never
 * the 30-day one as well; each kind goes once per voucher (an extension does not send it again).
 */
export function dueReminder(expiresAt: Date, now: Date, sent: readonly ReminderKind[]): ReminderKind | null {
  if (expiresAt.getTime() <= now.getTime()) return null;
  const left = londonDaysLeft(expiresAt, now);
  const inWindow = REMINDER_KINDS.filter((k) => left <= REMINDER_DAYS[k]);
  const mostUrgent = inWindow.at(-1);
  if (!mostUrgent || sent.includes(mostUrgent)) return null;
  return mostUrgent;
}

/**
 * The last expiry each reminder is due for at `now` (the pure rule the job applies in SQL): a
 * voucher is within N days of its expiry when it expires by the end of the London day N days on.
 */
export function reminderWindowEnds(now: Date): Readonly<Record<ReminderKind, Date>> {
  return { '30d': endOfLondonDayAfter(now, 30), '7d': endOfLondonDayAfter(now, 7), '1d': endOfLondonDayAfter(now, 1) };
}

/** "today", "tomorrow" or "in N days": when a voucher expires, counted in London days. */
export function expiresInWords(expiresAt: Date, now: Date): string {
  const left = londonDaysLeft(expiresAt, now);
  return left <= 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`;
}
