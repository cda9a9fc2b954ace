/**
 * The voucher state machine (spec §3 voucher statuses; spec §4: "which voucher status change is
 * allowed is not shown", so the transitions below are ours). Pure: no I/O, no clock (every rule
 * that needs the time reads `now` from the context it is given).
 *
 * One table, VOUCHER_TRANSITIONS: one row per (event, from status), with the status it leads to,
 * the actors who may cause it and the guards that must hold. The vouchers service makes each
 * transition one conditional update (`update … set status = $to where id = $id and status =
 * any($from)`, $from from `fromStatuses`), so two racing changes cannot both win (reliability M7,
 * M9: a voucher redeems at most once); the client offers the events `actionsFor` returns.
 *
 *   Ready to Redeem --redeem (merchant)--------------------------------> Redeemed
 *   Redeemed --unredeem (merchant; the same business within 15 minutes)--> the status it was redeemed from
 *   Ready to Redeem --book (merchant, shopper; bookable)---------------> Booked --redeem--> Redeemed
 *   Booked --unbook (shopper, merchant; the booking cancelled)----------> Ready to Redeem
 *   Ready to Redeem --requestCredit (shopper)--> Credit Requested --processCredit--> Request Processed
 *   Ready to Redeem --requestReturn (shopper; goods)--> Return Requested --shipReturn-->
 *       Return in Transit --receiveReturn--> Returned to the Merchant --refundReturn--> Refunded
 *   Ready to Redeem --refund (shopper in the 14-day window; staff any time)--> Refunded
 *   Ready to Redeem, Booked --expire (system; validity passed)--> Expired
 *   Ready to Redeem --cancel (system; payment declined at settlement)--> Cancelled
 *   Expired --takeExpiredCredit (shopper)--> Request Processed (wallet credit valid 14 days)
 *
 * Every other (event, status) pair is refused. Redeemed, Request Processed, Refunded and
 * Cancelled are final (Redeemed but for its undo within 15 minutes); Expired is final but for taking its credit.
 */
import { VOUCHER_STATUSES } from './buying.ts';
import { endOfLondonDayAfter } from './london-time.ts';

// ---------------------------------------------------------------------------------------------
// Statuses: the spec's ten words, as stored, and 'Cancelled'

/**
 * Every status a stored voucher can have: the spec §3 ten (VOUCHER_STATUSES, the words stored in
 * the database) and 'Cancelled', which the checkout service's settlement job gives the vouchers
 * of an order whose payment was declined at settlement (reliability P6; the spec has no word).
 */
export const VOUCHER_STORED_STATUSES = [...VOUCHER_STATUSES, 'Cancelled'] as const;
export type StoredVoucherStatus = (typeof VOUCHER_STORED_STATUSES)[number];

/** A status read from the database or a request, checked. */
export function isStoredVoucherStatus(value: string): value is StoredVoucherStatus {
  return (VOUCHER_STORED_STATUSES as readonly string[]).includes(value);
}

/** Spec §3, word for word: what a status means, for the statuses the spec explains (null: none). */
export const VOUCHER_STATUS_DESCRIPTIONS: Readonly<Record<StoredVoucherStatus, string | null>> = {
  'Ready to Redeem': 'print the voucher and use it to redeem',
  Redeemed: null,
  Booked: 'travel documentation expected from the merchant within 3 working days of booking',
  'Credit Requested': null,
  'Request Processed': 'redeemed for credit or towards another deal',
  'Return Requested': null,
  'Return in Transit': null,
  'Returned to the Merchant': null,
  Refunded: null,
  Expired: 'expiry date passed',
  Cancelled: null,
};

/** Stable codes (GraphQL enum values): the words in upper snake case. */
export const VOUCHER_STATUS_CODES = {
  'Ready to Redeem': 'READY_TO_REDEEM',
  Redeemed: 'REDEEMED',
  Booked: 'BOOKED',
  'Credit Requested': 'CREDIT_REQUESTED',
  'Request Processed': 'REQUEST_PROCESSED',
  'Return Requested': 'RETURN_REQUESTED',
  'Return in Transit': 'RETURN_IN_TRANSIT',
  'Returned to the Merchant': 'RETURNED_TO_THE_MERCHANT',
  Refunded: 'REFUNDED',
  Expired: 'EXPIRED',
  Cancelled: 'CANCELLED',
} as const satisfies Record<StoredVoucherStatus, string>;
export type VoucherStatusCode = (typeof VOUCHER_STATUS_CODES)[StoredVoucherStatus];

/** The stored words of each code (the other way round). */
export const VOUCHER_STATUS_TEXT = Object.fromEntries(Object.entries(VOUCHER_STATUS_CODES).map(([text, code]) => [code, text])) as Readonly<
  Record<VoucherStatusCode, StoredVoucherStatus>
>;

// ---------------------------------------------------------------------------------------------
// Spec §3 vocabularies and §9 figures

/** Spec §3 refund type: a shopper's refund on request (the `refund` event). */
export const VOUCHER_REFUND_TYPE = 'ON_DEMAND_REFUND';
/** Spec §3 voucher help panel event keys. */
export const VOUCHER_HELP_EVENT_KEYS = ['closed', 'gifting', 'help', 'progress', 'redeem', 'return'] as const;
export type VoucherHelpEventKey = (typeof VOUCHER_HELP_EVENT_KEYS)[number];
/**
 * Spec §3 redeem illustration types. No `illustrationFor(deal)`: the deal data has
 * bookingCalendarOnRedemption and deliveryType 'travel', but nothing that tells callToBook,
 * chooseYourFlight or mysteryTravel apart, so the type has to come with the deal.
 */
export const REDEEM_ILLUSTRATION_TYPES = ['calendar', 'callToBook', 'chooseYourFlight', 'mysteryTravel', 'standard', 'standardTravel'] as const;
export type RedeemIllustrationType = (typeof REDEEM_ILLUSTRATION_TYPES)[number];

/** Spec §9 "Refund within 14 days"; CCR: until the end of day 14 (London) after the contract day. */
export const REFUND_WINDOW_DAYS = 14;
/** Spec §9 "Expired voucher credit is valid 14 days": the wallet credit given for an expired voucher. */
export const EXPIRED_VOUCHER_CREDIT_VALID_DAYS = 14;
/**
 * Spec §9 "Voucher extension is up to 3 months" (the VVE add-on, in all per voucher).
 * services/checkout/src/orders/orders.ts still declares its own copy of this figure.
 */
export const VOUCHER_EXTENSION_MAX_MONTHS = 3;
/** Issue 17 point 3: a redemption can be undone within 15 minutes, by the business that made it. */
export const REDEMPTION_UNDO_MINUTES = 15;
/**
 * Issue 17 point 4: what the deal page and the checkout's refusal say when a bookable deal's sales
 * are paused (its vouchers sold and not yet used fill every place before a voucher bought now expires).
 */
export const BOOKINGS_PAUSED_MESSAGE = 'Sold out for now: no dates left to book before these vouchers expire.';

// ---------------------------------------------------------------------------------------------
// Time windows (pure: `now` is always given)

/**
 * The last instant a shopper may cancel for a refund: the end of day 14 in Europe/London after
 * the contract day (the London day of `paidAt` is day 0). Paid at any time on 20 October 2026 →
 * refundable until 23:59:59.999 London time on 3 November 2026 (GMT by then).
 */
export function refundableUntil(paidAt: Date): Date {
  return endOfLondonDayAfter(paidAt, REFUND_WINDOW_DAYS);
}

/** Whether the refund window of a voucher paid at `paidAt` is still open at `now`. */
export function isRefundable(paidAt: Date, now: Date): boolean {
  return now.getTime() <= refundableUntil(paidAt).getTime();
}

/**
 * A voucher's `expiresAt` is the last instant it can be used (londonExpiry: the end of a London
 * day), so it has expired once `now` is after it. Null: it never expires.
 */
export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && now.getTime() > expiresAt.getTime();
}

/**
 * When the wallet credit given for an expired voucher expires: the end of day 14 in London after
 * the day it was granted (counted like the refund window), instead of the 12 months of other
 * wallet credit (the wallet terms page says the same).
 */
export function expiredCreditUntil(grantedAt: Date): Date {
  return endOfLondonDayAfter(grantedAt, EXPIRED_VOUCHER_CREDIT_VALID_DAYS);
}

// ---------------------------------------------------------------------------------------------
// The table

export const VOUCHER_ACTORS = ['shopper', 'merchant', 'system', 'staff'] as const;
export type VoucherActor = (typeof VOUCHER_ACTORS)[number];

export const VOUCHER_EVENTS = [
  'redeem',
  'unredeem',
  'book',
  'unbook',
  'requestCredit',
  'processCredit',
  'requestReturn',
  'shipReturn',
  'receiveReturn',
  'refundReturn',
  'refund',
  'expire',
  'cancel',
  'takeExpiredCredit',
] as const;
export type VoucherEvent = (typeof VOUCHER_EVENTS)[number];

/**
 * What the guards read: the voucher's dates and its deal's kind, and the time. A guard whose
 * input is missing fails (fail closed): pass what the events you ask about need.
 */
export interface VoucherContext {
  /** The time of the change. */
  now?: Date;
  /** When the voucher stops being usable (londonExpiry); null when it never expires. */
  expiresAt?: Date | null;
  /** When its order was paid: day 0 of the refund window. */
  paidAt?: Date;
  /** Its deal is booked on a calendar or is travel (bookingCalendarOnRedemption, deliveryType 'travel'). */
  bookable?: boolean;
  /** Its deal is goods sent by post (deliveryType 'postal'). */
  goods?: boolean;
  /** Its latest redeem event: when, by which business (the event's actor_ref) and from which status. */
  redemption?: { at: Date; by: string | null; from: StoredVoucherStatus };
  /** The business asking (a merchant's merchantRef). */
  business?: string;
}

/** Whether a redemption made at `redeemedAt` can still be undone at `now`: within REDEMPTION_UNDO_MINUTES, the 15th minute included. */
export function isWithinUndoWindow(redeemedAt: Date, now: Date): boolean {
  const elapsed = now.getTime() - redeemedAt.getTime();
  return elapsed >= 0 && elapsed <= REDEMPTION_UNDO_MINUTES * 60_000;
}

/** The guards, by name: pure functions of the context and the actor. */
export const VOUCHER_GUARDS = {
  /** Still usable: its validity has not passed (the expire job may not have run yet). */
  notExpired: (c: VoucherContext) => c.now !== undefined && c.expiresAt !== undefined && !isExpired(c.expiresAt, c.now),
  /** Its validity has passed (a voucher that never expires never does). */
  validityPassed: (c: VoucherContext) => c.now !== undefined && c.expiresAt != null && isExpired(c.expiresAt, c.now),
  /** Only calendar and travel deals are booked. */
  bookable: (c: VoucherContext) => c.bookable === true,
  /** Only goods are sent back. */
  goods: (c: VoucherContext) => c.goods === true,
  /** A shopper within REFUND_WINDOW_DAYS of paying; staff at any time (e.g. a merchant that closed). */
  refundWindow: (c: VoucherContext, actor: VoucherActor) => actor === 'staff' || (c.paidAt !== undefined && c.now !== undefined && isRefundable(c.paidAt, c.now)),
  /** Its latest redemption was at most REDEMPTION_UNDO_MINUTES ago. */
  undoWindow: (c: VoucherContext) => c.now !== undefined && c.redemption !== undefined && isWithinUndoWindow(c.redemption.at, c.now),
  /** Its latest redemption was made by the business asking. */
  sameBusiness: (c: VoucherContext) => c.business !== undefined && c.redemption !== undefined && c.redemption.by === c.business,
  /** It was redeemed from Ready to Redeem (undone, it is ready again). */
  redeemedFromReady: (c: VoucherContext) => c.redemption?.from === 'Ready to Redeem',
  /** It was redeemed from Booked (undone, it keeps its booking). */
  redeemedFromBooked: (c: VoucherContext) => c.redemption?.from === 'Booked',
} as const satisfies Record<string, (context: VoucherContext, actor: VoucherActor) => boolean>;
export type VoucherGuardName = keyof typeof VOUCHER_GUARDS;

export interface VoucherTransitionRule {
  event: VoucherEvent;
  from: StoredVoucherStatus;
  to: StoredVoucherStatus;
  actors: readonly VoucherActor[];
  /** All must hold, checked in this order. */
  guards: readonly VoucherGuardName[];
}

/**
 * Every allowed change. Decisions where the spec is silent:
 * - redeem, book and requestCredit need the voucher still valid (notExpired), so a voucher past
 *   its date is refused before the expire job has run; a Booked voucher is redeemed whatever the
 *   date (the stay was booked while it was valid).
 * - takeExpiredCredit: an expired voucher's paid value can be taken as wallet credit. It is a
 *   status change, Expired → Request Processed, because that is what the spec's words say
 *   ("redeemed for credit or towards another deal") and what the shopper should see on the
 *   voucher; the merchant sees a voucher that can never be redeemed again, as for any credit.
 *   The 14 days of the spec are the credit's own validity (expiredCreditUntil, counted from the
 *   grant), not a deadline to ask: the spec gives none, so there is no guard.
 * - unredeem (issue 17: a till's mistake put right): the business that redeemed it, within 15
 *   minutes of its latest redeem event, puts it back to the status it was redeemed from, so an
 *   undone Booked voucher keeps its booking. Two rules for one (event, from), told apart by that
 *   status: the first whose guards hold applies. It is a correction, not a step of the life
 *   cycle: Redeemed still counts as final (isFinalVoucherStatus).
 * - unbook (issue 17 point 4: a booking cancelled): Booked → Ready to Redeem while the voucher is
 *   still valid, so its holder can book another date; how late a shopper may cancel is the
 *   merchant's rule, checked by the vouchers service on the booking (not a status guard). Moving a
 *   booking to another date keeps the status (history event `rebook`).
 */
export const VOUCHER_TRANSITIONS: readonly VoucherTransitionRule[] = [
  { event: 'redeem', from: 'Ready to Redeem', to: 'Redeemed', actors: ['merchant'], guards: ['notExpired'] },
  { event: 'redeem', from: 'Booked', to: 'Redeemed', actors: ['merchant'], guards: [] },
  { event: 'unredeem', from: 'Redeemed', to: 'Ready to Redeem', actors: ['merchant'], guards: ['undoWindow', 'sameBusiness', 'redeemedFromReady'] },
  { event: 'unredeem', from: 'Redeemed', to: 'Booked', actors: ['merchant'], guards: ['undoWindow', 'sameBusiness', 'redeemedFromBooked'] },
  { event: 'book', from: 'Ready to Redeem', to: 'Booked', actors: ['shopper', 'merchant'], guards: ['bookable', 'notExpired'] },
  { event: 'unbook', from: 'Booked', to: 'Ready to Redeem', actors: ['shopper', 'merchant'], guards: ['notExpired'] },
  { event: 'requestCredit', from: 'Ready to Redeem', to: 'Credit Requested', actors: ['shopper'], guards: ['notExpired'] },
  { event: 'processCredit', from: 'Credit Requested', to: 'Request Processed', actors: ['system', 'staff'], guards: [] },
  { event: 'requestReturn', from: 'Ready to Redeem', to: 'Return Requested', actors: ['shopper'], guards: ['goods'] },
  { event: 'shipReturn', from: 'Return Requested', to: 'Return in Transit', actors: ['shopper', 'system'], guards: [] },
  { event: 'receiveReturn', from: 'Return in Transit', to: 'Returned to the Merchant', actors: ['merchant'], guards: [] },
  { event: 'refundReturn', from: 'Returned to the Merchant', to: 'Refunded', actors: ['system', 'staff'], guards: [] },
  { event: 'refund', from: 'Ready to Redeem', to: 'Refunded', actors: ['shopper', 'staff'], guards: ['refundWindow'] },
  { event: 'expire', from: 'Ready to Redeem', to: 'Expired', actors: ['system'], guards: ['validityPassed'] },
  { event: 'expire', from: 'Booked', to: 'Expired', actors: ['system'], guards: ['validityPassed'] },
  { event: 'cancel', from: 'Ready to Redeem', to: 'Cancelled', actors: ['system'], guards: [] },
  { event: 'takeExpiredCredit', from: 'Expired', to: 'Request Processed', actors: ['shopper'], guards: [] },
];

// ---------------------------------------------------------------------------------------------
// Reading the table

export type VoucherTransitionResult =
  | { ok: true; to: StoredVoucherStatus }
  /** NOT_ALLOWED_FROM: the event never applies to this status; ACTOR_NOT_ALLOWED: not by this actor. */
  | { ok: false; reason: 'NOT_ALLOWED_FROM' | 'ACTOR_NOT_ALLOWED' }
  /** The first guard that did not hold. */
  | { ok: false; reason: 'GUARD_FAILED'; guard: VoucherGuardName };

/**
 * Whether `actor` may cause `event` on a voucher in `from`, and the status it leads to. Where two
 * rules share (event, from) (unredeem), the first whose guards hold applies; when none does, the
 * first failed guard of the first rule is named.
 */
export function transition(event: VoucherEvent, from: StoredVoucherStatus, actor: VoucherActor, context: VoucherContext = {}): VoucherTransitionResult {
  const rules = VOUCHER_TRANSITIONS.filter((r) => r.event === event && r.from === from);
  if (rules.length === 0) return { ok: false, reason: 'NOT_ALLOWED_FROM' };
  const theirs = rules.filter((r) => r.actors.includes(actor));
  if (theirs.length === 0) return { ok: false, reason: 'ACTOR_NOT_ALLOWED' };
  let firstFailed: VoucherGuardName | undefined;
  for (const rule of theirs) {
    const failed = rule.guards.find((g) => !VOUCHER_GUARDS[g](context, actor));
    if (!failed) return { ok: true, to: rule.to };
    firstFailed ??= failed;
  }
  return { ok: false, reason: 'GUARD_FAILED', guard: firstFailed! };
}

/**
 * The statuses `event` by `actor` may start from, whatever the guards say: the `status = any(…)`
 * of the conditional update (empty: the actor can never cause it). Check the guards first
 * (transition), and repeat a time guard in the SQL when a concurrent change could move its
 * input (e.g. `expires_at < $now` for expire, since a VVE extension moves expires_at).
 */
export function fromStatuses(event: VoucherEvent, actor: VoucherActor): StoredVoucherStatus[] {
  return [...new Set(VOUCHER_TRANSITIONS.filter((r) => r.event === event && r.actors.includes(actor)).map((r) => r.from))];
}

/** The events `actor` may cause now on a voucher in `status` (guards included), in VOUCHER_EVENTS order: the actions a page offers. */
export function actionsFor(status: StoredVoucherStatus, actor: VoucherActor, context: VoucherContext = {}): VoucherEvent[] {
  return VOUCHER_EVENTS.filter((event) => transition(event, status, actor, context).ok);
}

/** No event leads anywhere from `status` (Redeemed, Request Processed, Refunded, Cancelled), but the 15-minute undo of a redemption. */
export function isFinalVoucherStatus(status: StoredVoucherStatus): boolean {
  return !VOUCHER_TRANSITIONS.some((r) => r.from === status && r.event !== 'unredeem');
}

/**
 * What a voucher's history records: every event of the table, and the changes that keep the
 * status (issue: written Ready to Redeem with its order; extend: a paid validity extension;
 * unextend: an extension taken back when its payment was declined at settlement).
 */
// gift: sent as a gift (to a claim link); claim: the gift claimed, the voucher now its recipient's. Neither changes the status.
// rebook: a booking moved to another date (issue 17 point 4); the voucher stays Booked.
export const VOUCHER_HISTORY_EVENTS = ['issue', 'extend', 'unextend', 'gift', 'claim', 'rebook', ...VOUCHER_EVENTS] as const;
export type VoucherHistoryEvent = (typeof VOUCHER_HISTORY_EVENTS)[number];
