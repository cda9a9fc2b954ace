import { describe, expect, it } from 'vitest';
import { joinRefusal, maskedReferee, referralDueAt, REFERRAL_CREDIT_PENCE, REFERRAL_MAX_CREDITED_FRIENDS, REFERRAL_MAX_PENCE, samePayment, settleDecision, type JoinCheck } from './referrals.ts';

const now = new Date('2026-11-20T12:00:00Z');
const base: JoinCheck = { referrerId: 1, refereeId: 2, referrerEmail: 'ann@example.com', refereeEmail: 'bob@example.com', refereeCreatedAt: new Date('2026-11-20T11:00:00Z'), alreadyReferred: false, now };

describe('referral eligibility (issue 18 point 4)', () => {
  it.each<[string, Partial<JoinCheck>, ReturnType<typeof joinRefusal>]>([
    ['a new friend with another address', {}, null],
    ['the same account', { refereeId: 1 }, 'SELF_ACCOUNT'],
    ['the same address in capitals', { refereeEmail: 'ANN@Example.com' }, 'SELF_EMAIL'],
    ['the same address with a +tag', { refereeEmail: 'ann+friend@example.com' }, 'SELF_EMAIL'],
    ['a gmail address with dots', { referrerEmail: 'annsmith@gmail.com', refereeEmail: 'ann.smith@googlemail.com' }, 'SELF_EMAIL'],
    ['dots elsewhere are another mailbox', { referrerEmail: 'annsmith@example.com', refereeEmail: 'ann.smith@example.com' }, null],
    ['a second referrer', { alreadyReferred: true }, 'ALREADY_REFERRED'],
    ['an account 7 days old', { refereeCreatedAt: new Date(now.getTime() - 7 * 86_400_000) }, null],
    ['an account older than 7 days', { refereeCreatedAt: new Date(now.getTime() - 7 * 86_400_000 - 1) }, 'NOT_NEW'],
  ])('%s', (_name, change, expected) => {
    expect(joinRefusal({ ...base, ...change })).toBe(expected);
  });

  it.each<[string, string[], string[], boolean]>([
    ['no saved cards', [], [], false],
    ['different cards', ['card|visa|1111|12|2034'], ['card|visa|4242|12|2034'], false],
    ['a card both saved', ['card|visa|1111|12|2034', 'paypal'], ['card|visa|1111|12|2034'], true],
  ])('same payment fingerprint: %s', (_name, referrer, referee, expected) => {
    expect(samePayment(referrer, referee)).toBe(expected);
  });

  const paidAt = new Date('2026-10-20T09:00:00Z');
  const dueAt = referralDueAt(paidAt);
  it('is due at the end of the 14-day refund window, London time', () => {
    expect(dueAt.toISOString()).toBe('2026-11-03T23:59:59.999Z');
  });
  it.each<[string, Date, boolean, ReturnType<typeof settleDecision>]>([
    ['window not passed', new Date('2026-11-03T23:59:59.999Z'), false, { settle: 'WAIT', reason: 'WINDOW_OPEN' }],
    ['window not passed, refunded', new Date('2026-11-01T00:00:00Z'), true, { settle: 'WAIT', reason: 'WINDOW_OPEN' }],
    ['window passed, not refunded', new Date('2026-11-04T00:00:00Z'), false, { settle: 'CREDIT' }],
    ['window passed, refunded', new Date('2026-11-04T00:00:00Z'), true, { settle: 'VOID', reason: 'REFUNDED' }],
  ])('settling: %s', (_name, at, refunded, expected) => {
    expect(settleDecision({ dueAt, refunded, now: at })).toEqual(expected);
  });

  it('promises exactly what it pays: £10 a friend, 20 friends, £200', () => {
    expect([REFERRAL_CREDIT_PENCE, REFERRAL_MAX_CREDITED_FRIENDS, REFERRAL_MAX_PENCE]).toEqual([1000, 20, 20000]);
  });

  it.each([
    ['Morag', 'morag@example.com', 'Morag'],
    [null, 'morag@example.com', 'm***@example.com'],
    ['  ', null, 'A friend'],
  ])('masks the friend: %s %s', (first, email, shown) => {
    expect(maskedReferee(first, email)).toBe(shown);
  });
});
