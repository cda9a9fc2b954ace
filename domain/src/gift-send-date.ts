/**
 * Issue 18 point 2: an e-gift's chosen send date. The shopper picks a London calendar date from
 * today to 2 months ahead; the recipient's email goes out at the start of that London day (at
 * once when it is today). Why 2 months and not more: a voucher's validity (and a gift card's 6
 * months to redeem) counts from the purchase, and the shortest validity in the catalogue is 3
 * months, so every dated gift still reaches its recipient with at least a month to use it. Pure:
 * the clock is passed in.
 */
import { addDaysToDate, addMonthsToDate, endOfLondonDay, londonDate, londonDateInWords } from './london-time.ts';

/** How far ahead an e-gift may be dated, in calendar months (see above). */
export const GIFT_SEND_MAX_MONTHS = 2;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The latest send date a shopper may choose at `now`: GIFT_SEND_MAX_MONTHS after today in London. */
export const latestGiftSendOn = (now: Date): string => addMonthsToDate(londonDate(now), GIFT_SEND_MAX_MONTHS);

/** The words of a send date ('YYYY-MM-DD'), "26 May 2027". */
export const giftSendOnInWords = (sendOn: string): string => londonDateInWords(startOfLondonDay(sendOn));

/** Why a chosen send date cannot be taken at `now`, or null when it can. */
export function giftSendOnProblem(sendOn: string, now: Date): string | null {
  if (!isCalendarDate(sendOn)) return 'Enter the send date as a date, for example 2027-05-26.';
  const today = londonDate(now);
  const latest = latestGiftSendOn(now);
  if (sendOn < today || sendOn > latest) return `Choose a send date from today to ${giftSendOnInWords(latest)}.`;
  return null;
}

/** The first instant of a London calendar day ('YYYY-MM-DD'). */
export function startOfLondonDay(date: string): Date {
  return new Date(endOfLondonDay(addDaysToDate(date, -1)).getTime() + 1);
}

/**
 * When a gift's email may go: the start of its London send day when that is still to come, else
 * null (now: no send date, or today or a day already past).
 */
export function giftSendAfter(sendOn: string | null | undefined, now: Date): Date | null {
  if (!sendOn || !isCalendarDate(sendOn)) return null;
  const start = startOfLondonDay(sendOn);
  return start.getTime() > now.getTime() ? start : null;
}
