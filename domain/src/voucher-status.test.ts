import { describe, expect, it } from 'vitest';
import { VOUCHER_STATUSES } from './buying.ts';
import {
  actionsFor,
  EXPIRED_VOUCHER_CREDIT_VALID_DAYS,
  expiredCreditUntil,
  fromStatuses,
  isExpired,
  isFinalVoucherStatus,
  isRefundable,
  isStoredVoucherStatus,
  isWithinUndoWindow,
  REDEMPTION_UNDO_MINUTES,
  REDEEM_ILLUSTRATION_TYPES,
  REFUND_WINDOW_DAYS,
  refundableUntil,
  transition,
  VOUCHER_ACTORS,
  VOUCHER_EVENTS,
  VOUCHER_EXTENSION_MAX_MONTHS,
  VOUCHER_HELP_EVENT_KEYS,
  VOUCHER_REFUND_TYPE,
  VOUCHER_STATUS_CODES,
  VOUCHER_STATUS_DESCRIPTIONS,
  VOUCHER_STATUS_TEXT,
  VOUCHER_STORED_STATUSES,
  VOUCHER_TRANSITIONS,
  type StoredVoucherStatus,
  type VoucherActor,
  type VoucherContext,
  type VoucherEvent,
} from './voucher-status.ts';

// The allowed set, written out (not read from the table): [event, from, actor, to].
const ALLOWED: readonly (readonly [VoucherEvent, StoredVoucherStatus, VoucherActor, StoredVoucherStatus])[] = [
  ['redeem', 'Ready to Redeem', 'merchant', 'Redeemed'],
  ['redeem', 'Booked', 'merchant', 'Redeemed'],
  // Back to the status it was redeemed from (the context's redemption: Ready to Redeem here; Booked in the guard tests).
  ['unredeem', 'Redeemed', 'merchant', 'Ready to Redeem'],
  ['book', 'Ready to Redeem', 'shopper', 'Booked'],
  ['book', 'Ready to Redeem', 'merchant', 'Booked'],
  ['unbook', 'Booked', 'shopper', 'Ready to Redeem'],
  ['unbook', 'Booked', 'merchant', 'Ready to Redeem'],
  ['requestCredit', 'Ready to Redeem', 'shopper', 'Credit Requested'],
  ['processCredit', 'Credit Requested', 'system', 'Request Processed'],
  ['processCredit', 'Credit Requested', 'staff', 'Request Processed'],
  ['requestReturn', 'Ready to Redeem', 'shopper', 'Return Requested'],
  ['shipReturn', 'Return Requested', 'shopper', 'Return in Transit'],
  ['shipReturn', 'Return Requested', 'system', 'Return in Transit'],
  ['receiveReturn', 'Return in Transit', 'merchant', 'Returned to the Merchant'],
  ['refundReturn', 'Returned to the Merchant', 'system', 'Refunded'],
  ['refundReturn', 'Returned to the Merchant', 'staff', 'Refunded'],
  ['refund', 'Ready to Redeem', 'shopper', 'Refunded'],
  ['refund', 'Ready to Redeem', 'staff', 'Refunded'],
  ['expire', 'Ready to Redeem', 'system', 'Expired'],
  ['expire', 'Booked', 'system', 'Expired'],
  ['cancel', 'Ready to Redeem', 'system', 'Cancelled'],
  ['takeExpiredCredit', 'Expired', 'shopper', 'Request Processed'],
];

// The guards of each allowed (event, from, to), in order, written out.
const GUARDS: Record<string, readonly string[]> = {
  'redeem from Ready to Redeem to Redeemed': ['notExpired'],
  'redeem from Booked to Redeemed': [],
  'unredeem from Redeemed to Ready to Redeem': ['undoWindow', 'sameBusiness', 'redeemedFromReady'],
  'unredeem from Redeemed to Booked': ['undoWindow', 'sameBusiness', 'redeemedFromBooked'],
  'book from Ready to Redeem to Booked': ['bookable', 'notExpired'],
  'unbook from Booked to Ready to Redeem': ['notExpired'],
  'requestCredit from Ready to Redeem to Credit Requested': ['notExpired'],
  'processCredit from Credit Requested to Request Processed': [],
  'requestReturn from Ready to Redeem to Return Requested': ['goods'],
  'shipReturn from Return Requested to Return in Transit': [],
  'receiveReturn from Return in Transit to Returned to the Merchant': [],
  'refundReturn from Returned to the Merchant to Refunded': [],
  'refund from Ready to Redeem to Refunded': ['refundWindow'],
  'expire from Ready to Redeem to Expired': ['validityPassed'],
  'expire from Booked to Expired': ['validityPassed'],
  'cancel from Ready to Redeem to Cancelled': [],
  'takeExpiredCredit from Expired to Request Processed': [],
};

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;
/** A context every guard of a still-valid voucher passes (a bookable goods deal paid yesterday, redeemed from Ready to Redeem by merchant:7 five minutes ago). */
const VALID: VoucherContext = {
  now: NOW,
  expiresAt: new Date(NOW.getTime() + 30 * DAY),
  paidAt: new Date(NOW.getTime() - DAY),
  bookable: true,
  goods: true,
  redemption: { at: new Date(NOW.getTime() - 5 * MINUTE), by: 'merchant:7', from: 'Ready to Redeem' },
  business: 'merchant:7',
};
/** The same voucher after its validity passed. */
const PASSED: VoucherContext = { ...VALID, expiresAt: new Date(NOW.getTime() - DAY) };
const passing = (event: VoucherEvent): VoucherContext => (event === 'expire' ? PASSED : VALID);

const every = VOUCHER_EVENTS.flatMap((event) => VOUCHER_STORED_STATUSES.flatMap((from) => VOUCHER_ACTORS.map((actor) => [event, from, actor] as const)));

describe('voucher statuses (spec §3)', () => {
  it('are the spec ten, as stored, and Cancelled', () => {
    expect(VOUCHER_STORED_STATUSES).toEqual([...VOUCHER_STATUSES, 'Cancelled']);
    expect(VOUCHER_STORED_STATUSES).toHaveLength(11);
    expect(isStoredVoucherStatus('Ready to Redeem')).toBe(true);
    expect(isStoredVoucherStatus('Cancelled')).toBe(true);
    expect(isStoredVoucherStatus('ready to redeem')).toBe(false);
    expect(isStoredVoucherStatus('VOID')).toBe(false);
  });

  it('have the spec §3 descriptions word for word, and none for the others', () => {
    expect(Object.fromEntries(Object.entries(VOUCHER_STATUS_DESCRIPTIONS).filter(([, d]) => d !== null))).toEqual({
      'Ready to Redeem': 'print the voucher and use it to redeem',
      Booked: 'travel documentation expected from the merchant within 3 working days of booking',
      'Request Processed': 'redeemed for credit or towards another deal',
      Expired: 'expiry date passed',
    });
    expect(Object.keys(VOUCHER_STATUS_DESCRIPTIONS)).toEqual([...VOUCHER_STORED_STATUSES]);
  });

  it('map to upper snake case codes and back', () => {
    expect(Object.values(VOUCHER_STATUS_CODES)).toEqual([
      'READY_TO_REDEEM',
      'REDEEMED',
      'BOOKED',
      'CREDIT_REQUESTED',
      'REQUEST_PROCESSED',
      'RETURN_REQUESTED',
      'RETURN_IN_TRANSIT',
      'RETURNED_TO_THE_MERCHANT',
      'REFUNDED',
      'EXPIRED',
      'CANCELLED',
    ]);
    for (const status of VOUCHER_STORED_STATUSES) {
      expect(VOUCHER_STATUS_CODES[status]).toBe(status.toUpperCase().replaceAll(' ', '_'));
      expect(VOUCHER_STATUS_TEXT[VOUCHER_STATUS_CODES[status]]).toBe(status);
    }
    expect(Object.keys(VOUCHER_STATUS_TEXT)).toHaveLength(11);
  });

  it('come with the spec §3 vocabularies and §9 figures', () => {
    expect(VOUCHER_REFUND_TYPE).toBe('ON_DEMAND_REFUND');
    expect(VOUCHER_HELP_EVENT_KEYS).toEqual(['closed', 'gifting', 'help', 'progress', 'redeem', 'return']);
    expect(REDEEM_ILLUSTRATION_TYPES).toEqual(['calendar', 'callToBook', 'chooseYourFlight', 'mysteryTravel', 'standard', 'standardTravel']);
    expect(REFUND_WINDOW_DAYS).toBe(14);
    expect(EXPIRED_VOUCHER_CREDIT_VALID_DAYS).toBe(14);
    expect(VOUCHER_EXTENSION_MAX_MONTHS).toBe(3);
  });
});

describe('voucher transitions: every (event, from, actor)', () => {
  it('covers 14 events × 11 statuses × 4 actors', () => {
    expect(every).toHaveLength(616);
  });

  it.each(every)('%s from %s by %s', (event, from, actor) => {
    const allowed = ALLOWED.find(([e, f, a]) => e === event && f === from && a === actor);
    const result = transition(event, from, actor, passing(event));
    if (allowed) {
      expect(result).toEqual({ ok: true, to: allowed[3] });
    } else {
      const someActor = ALLOWED.some(([e, f]) => e === event && f === from);
      expect(result).toEqual({ ok: false, reason: someActor ? 'ACTOR_NOT_ALLOWED' : 'NOT_ALLOWED_FROM' });
    }
  });

  it('has exactly the guards written out for each allowed change', () => {
    expect(Object.fromEntries(VOUCHER_TRANSITIONS.map((r) => [`${r.event} from ${r.from} to ${r.to}`, r.guards]))).toEqual(GUARDS);
  });

  it.each(VOUCHER_EVENTS.flatMap((event) => VOUCHER_ACTORS.map((actor) => [event, actor] as const)))('fromStatuses(%s, %s) is what the conditional update needs', (event, actor) => {
    const expected = ALLOWED.filter(([e, , a]) => e === event && a === actor).map(([, f]) => f);
    expect(fromStatuses(event, actor)).toEqual(expected);
  });

  it('puts Redeemed, Request Processed, Refunded and Cancelled at the end; Expired only leads to its credit', () => {
    expect(VOUCHER_STORED_STATUSES.filter(isFinalVoucherStatus)).toEqual(['Redeemed', 'Request Processed', 'Refunded', 'Cancelled']);
    for (const actor of VOUCHER_ACTORS) expect(actionsFor('Expired', actor, VALID)).toEqual(actor === 'shopper' ? ['takeExpiredCredit'] : []);
  });
});

describe('voucher guards', () => {
  const OPEN_DATED = { ...VALID, expiresAt: null };

  it.each<[string, VoucherEvent, StoredVoucherStatus, VoucherActor, VoucherContext, ReturnType<typeof transition>]>([
    ['only calendar and travel deals are booked', 'book', 'Ready to Redeem', 'shopper', { ...VALID, bookable: false }, { ok: false, reason: 'GUARD_FAILED', guard: 'bookable' }],
    ['a merchant books a bookable voucher', 'book', 'Ready to Redeem', 'merchant', VALID, { ok: true, to: 'Booked' }],
    ['an expired voucher is not booked', 'book', 'Ready to Redeem', 'shopper', PASSED, { ok: false, reason: 'GUARD_FAILED', guard: 'notExpired' }],
    ['a shopper cancels a booking: ready to book again', 'unbook', 'Booked', 'shopper', VALID, { ok: true, to: 'Ready to Redeem' }],
    ['a booking of a voucher past its date is not cancelled (it expires)', 'unbook', 'Booked', 'shopper', PASSED, { ok: false, reason: 'GUARD_FAILED', guard: 'notExpired' }],
    ['only goods are returned', 'requestReturn', 'Ready to Redeem', 'shopper', { ...VALID, goods: false }, { ok: false, reason: 'GUARD_FAILED', guard: 'goods' }],
    ['goods are returned even after the voucher date', 'requestReturn', 'Ready to Redeem', 'shopper', PASSED, { ok: true, to: 'Return Requested' }],
    ['a voucher past its date is not redeemed before the expire job ran', 'redeem', 'Ready to Redeem', 'merchant', PASSED, { ok: false, reason: 'GUARD_FAILED', guard: 'notExpired' }],
    ['a booked voucher is redeemed whatever the date', 'redeem', 'Booked', 'merchant', PASSED, { ok: true, to: 'Redeemed' }],
    ['a voucher that never expires is redeemed', 'redeem', 'Ready to Redeem', 'merchant', OPEN_DATED, { ok: true, to: 'Redeemed' }],
    ['a voucher that never expires never expires', 'expire', 'Ready to Redeem', 'system', OPEN_DATED, { ok: false, reason: 'GUARD_FAILED', guard: 'validityPassed' }],
    ['a valid voucher does not expire', 'expire', 'Booked', 'system', VALID, { ok: false, reason: 'GUARD_FAILED', guard: 'validityPassed' }],
    ['credit is not asked for an expired voucher (takeExpiredCredit is)', 'requestCredit', 'Ready to Redeem', 'shopper', PASSED, { ok: false, reason: 'GUARD_FAILED', guard: 'notExpired' }],
    ['an expired voucher’s credit has no deadline to ask', 'takeExpiredCredit', 'Expired', 'shopper', { now: new Date('2030-01-01T00:00:00Z') }, { ok: true, to: 'Request Processed' }],
    ['no context: a time guard fails closed', 'redeem', 'Ready to Redeem', 'merchant', {}, { ok: false, reason: 'GUARD_FAILED', guard: 'notExpired' }],
    ['no context: the refund window fails closed for a shopper', 'refund', 'Ready to Redeem', 'shopper', {}, { ok: false, reason: 'GUARD_FAILED', guard: 'refundWindow' }],
    ['no context: staff refund at any time', 'refund', 'Ready to Redeem', 'staff', {}, { ok: true, to: 'Refunded' }],
    ['no context: unguarded changes pass', 'cancel', 'Ready to Redeem', 'system', {}, { ok: true, to: 'Cancelled' }],
    ['the actor is checked before the guards', 'refund', 'Ready to Redeem', 'merchant', {}, { ok: false, reason: 'ACTOR_NOT_ALLOWED' }],
    ['the status is checked before the actor', 'refund', 'Redeemed', 'merchant', {}, { ok: false, reason: 'NOT_ALLOWED_FROM' }],
    ['an undone redemption of a Booked voucher keeps its booking', 'unredeem', 'Redeemed', 'merchant', { ...VALID, redemption: { ...VALID.redemption!, from: 'Booked' } }, { ok: true, to: 'Booked' }],
    ['undo 14:59 after the redemption', 'unredeem', 'Redeemed', 'merchant', { ...VALID, now: new Date(VALID.redemption!.at.getTime() + 14 * MINUTE + 59_000) }, { ok: true, to: 'Ready to Redeem' }],
    ['undo exactly 15:00 after the redemption', 'unredeem', 'Redeemed', 'merchant', { ...VALID, now: new Date(VALID.redemption!.at.getTime() + 15 * MINUTE) }, { ok: true, to: 'Ready to Redeem' }],
    ['no undo 15:01 after the redemption', 'unredeem', 'Redeemed', 'merchant', { ...VALID, now: new Date(VALID.redemption!.at.getTime() + 15 * MINUTE + 1_000) }, { ok: false, reason: 'GUARD_FAILED', guard: 'undoWindow' }],
    ['no undo by another business', 'unredeem', 'Redeemed', 'merchant', { ...VALID, business: 'merchant:8' }, { ok: false, reason: 'GUARD_FAILED', guard: 'sameBusiness' }],
    ['no undo of a redemption nobody is named for', 'unredeem', 'Redeemed', 'merchant', { ...VALID, redemption: { ...VALID.redemption!, by: null } }, { ok: false, reason: 'GUARD_FAILED', guard: 'sameBusiness' }],
    ['no undo of a redemption from another status', 'unredeem', 'Redeemed', 'merchant', { ...VALID, redemption: { ...VALID.redemption!, from: 'Expired' } }, { ok: false, reason: 'GUARD_FAILED', guard: 'redeemedFromReady' }],
    ['no context: the undo fails closed', 'unredeem', 'Redeemed', 'merchant', {}, { ok: false, reason: 'GUARD_FAILED', guard: 'undoWindow' }],
    ['the shopper cannot undo a redemption', 'unredeem', 'Redeemed', 'shopper', VALID, { ok: false, reason: 'ACTOR_NOT_ALLOWED' }],
    ['staff cannot undo a redemption either', 'unredeem', 'Redeemed', 'staff', VALID, { ok: false, reason: 'ACTOR_NOT_ALLOWED' }],
    ['a voucher never redeemed is not undone', 'unredeem', 'Ready to Redeem', 'merchant', VALID, { ok: false, reason: 'NOT_ALLOWED_FROM' }],
  ])('%s', (_name, event, from, actor, context, expected) => {
    expect(transition(event, from, actor, context)).toEqual(expected);
  });

  it('at the expiry instant a voucher is still usable; a millisecond later it only expires', () => {
    const expiresAt = new Date('2027-05-25T22:59:59.999Z');
    const at = (now: Date): VoucherContext => ({ ...VALID, expiresAt, now });
    expect(transition('redeem', 'Ready to Redeem', 'merchant', at(expiresAt)).ok).toBe(true);
    expect(transition('expire', 'Ready to Redeem', 'system', at(expiresAt)).ok).toBe(false);
    const after = new Date(expiresAt.getTime() + 1);
    expect(transition('redeem', 'Ready to Redeem', 'merchant', at(after)).ok).toBe(false);
    expect(transition('expire', 'Ready to Redeem', 'system', at(after)).ok).toBe(true);
  });

  it.each<[string, StoredVoucherStatus, VoucherActor, VoucherContext, VoucherEvent[]]>([
    ['a shopper with a travel voucher', 'Ready to Redeem', 'shopper', { ...VALID, goods: false }, ['book', 'requestCredit', 'refund']],
    ['a shopper with goods, after the refund window', 'Ready to Redeem', 'shopper', { ...VALID, bookable: false, paidAt: new Date(NOW.getTime() - 20 * DAY) }, ['requestCredit', 'requestReturn']],
    ['a shopper with an expired voucher the job has not reached', 'Ready to Redeem', 'shopper', { ...PASSED, bookable: false, goods: false }, ['refund']],
    ['a merchant with a restaurant voucher', 'Ready to Redeem', 'merchant', { ...VALID, bookable: false }, ['redeem']],
    ['a merchant with a travel voucher', 'Ready to Redeem', 'merchant', VALID, ['redeem', 'book']],
    ['a merchant with a booked voucher', 'Booked', 'merchant', PASSED, ['redeem']],
    ['the system with a valid voucher', 'Ready to Redeem', 'system', VALID, ['cancel']],
    ['the system with a voucher past its date', 'Ready to Redeem', 'system', PASSED, ['expire', 'cancel']],
    ['staff with a valid voucher', 'Ready to Redeem', 'staff', { ...VALID, paidAt: new Date(NOW.getTime() - 200 * DAY) }, ['refund']],
    ['a shopper with a return on its way to be sent', 'Return Requested', 'shopper', VALID, ['shipReturn']],
    ['a merchant with a return in transit', 'Return in Transit', 'merchant', VALID, ['receiveReturn']],
    ['staff with credit requested', 'Credit Requested', 'staff', VALID, ['processCredit']],
    ['anyone with a redeemed voucher', 'Redeemed', 'staff', VALID, []],
    ['the merchant who redeemed it five minutes ago', 'Redeemed', 'merchant', VALID, ['unredeem']],
    ['the merchant who redeemed it an hour ago', 'Redeemed', 'merchant', { ...VALID, now: new Date(NOW.getTime() + 55 * MINUTE) }, []],
    ['anyone with a cancelled voucher', 'Cancelled', 'shopper', VALID, []],
  ])('actionsFor: %s', (_name, status, actor, context, events) => {
    expect(actionsFor(status, actor, context)).toEqual(events);
  });
});

describe('time windows (spec §9, CCR: Europe/London days)', () => {
  it.each<[string, string, string, string, boolean]>([
    // label, paid at, now, refundable until, refundable at now
    ['paid 20 Oct 2026 (BST), day 14 23:59 London (GMT)', '2026-10-20T09:00:00Z', '2026-11-03T23:59:00Z', '2026-11-03T23:59:59.999Z', true],
    ['paid 20 Oct 2026 (BST), day 15 00:01 London (GMT)', '2026-10-20T09:00:00Z', '2026-11-04T00:01:00Z', '2026-11-03T23:59:59.999Z', false],
    ['paid 20 Mar 2026 (GMT), day 14 23:59 London (BST)', '2026-03-20T09:00:00Z', '2026-04-03T22:59:00Z', '2026-04-03T22:59:59.999Z', true],
    ['paid 20 Mar 2026 (GMT), day 15 00:01 London (BST), still 3 Apr in UTC', '2026-03-20T09:00:00Z', '2026-04-03T23:01:00Z', '2026-04-03T22:59:59.999Z', false],
    ['paid 00:30 London in BST (the UTC day before) counts from the London day', '2026-07-15T23:30:00Z', '2026-07-30T22:59:59.999Z', '2026-07-30T22:59:59.999Z', true],
    ['paid just before London midnight', '2026-07-15T22:59:59Z', '2026-07-29T23:00:00Z', '2026-07-29T22:59:59.999Z', false],
    ['on the day of payment', '2026-01-10T08:00:00Z', '2026-01-10T08:00:01Z', '2026-01-24T23:59:59.999Z', true],
  ])('%s', (_label, paidAt, now, until, refundable) => {
    expect(refundableUntil(new Date(paidAt)).toISOString()).toBe(until);
    expect(isRefundable(new Date(paidAt), new Date(now))).toBe(refundable);
    expect(transition('refund', 'Ready to Redeem', 'shopper', { paidAt: new Date(paidAt), now: new Date(now) }).ok).toBe(refundable);
  });

  it('the undo window: 15 minutes from the redemption, both ends included, never before it', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(REDEMPTION_UNDO_MINUTES).toBe(15);
    expect(isWithinUndoWindow(at, at)).toBe(true);
    expect(isWithinUndoWindow(at, new Date(at.getTime() + 15 * MINUTE))).toBe(true);
    expect(isWithinUndoWindow(at, new Date(at.getTime() + 15 * MINUTE + 1))).toBe(false);
    expect(isWithinUndoWindow(at, new Date(at.getTime() - 1))).toBe(false);
  });

  it('isExpired: after the last valid instant; never without an expiry', () => {
    const expiresAt = new Date('2026-10-16T22:59:59.999Z');
    expect(isExpired(expiresAt, new Date('2026-10-16T22:59:59.999Z'))).toBe(false);
    expect(isExpired(expiresAt, new Date('2026-10-16T23:00:00.000Z'))).toBe(true);
    expect(isExpired(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it.each([
    ['granted in BST, ends in GMT', '2026-10-20T09:00:00Z', '2026-11-03T23:59:59.999Z'],
    ['granted in GMT, ends in BST', '2026-03-20T09:00:00Z', '2026-04-03T22:59:59.999Z'],
    ['granted by the midnight expire job (00:05 London, BST)', '2026-07-15T23:05:00Z', '2026-07-30T22:59:59.999Z'],
  ])('expired voucher credit: %s', (_label, grantedAt, until) => {
    expect(expiredCreditUntil(new Date(grantedAt)).toISOString()).toBe(until);
  });
});
