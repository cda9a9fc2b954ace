import { describe, expect, it } from 'vitest';
import { CREDIT_CLAIM_STATUSES, creditToast, creditToastMessage, creditValidationCode, type CreditClaimOutcome } from './credit-claims.ts';

describe('spec §5: credit_validation must be digits only, otherwise it is ignored', () => {
  it.each([
    ['1001', '1001'],
    ['0042', '0042'],
    ['9', '9'],
    ['123456789012345678901234', '123456789012345678901234'],
    ['', null],
    [' 1001', null],
    ['1001 ', null],
    ['10a1', null],
    ['-1001', null],
    ['+1001', null],
    ['10.01', null],
    ['1e3', null],
    ['１００１', null],
    ['abc', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, code) => {
    expect(creditValidationCode(value)).toBe(code);
  });
});

describe('spec §8: the five credit toasts, word for word', () => {
  const answered = (status: (typeof CREDIT_CLAIM_STATUSES)[number], creditAmount: number | null = 500, currency: 'GBP' | 'EUR' | null = 'GBP'): CreditClaimOutcome => ({ kind: 'answered', status, creditAmount, currency });
  it.each<[string, CreditClaimOutcome, string]>([
    ['success, whole pounds', answered('CLAIMED', 500), "Your £5 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs."],
    ['success, pence', answered('CLAIMED', 1250), "Your £12.50 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs."],
    ['success, thousands', answered('CLAIMED', 100_000), "Your £1,000 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs."],
    ['success, euros', answered('CLAIMED', 1000, 'EUR'), "Your €10 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs."],
    ['ALREADY_CLAIMED', answered('ALREADY_CLAIMED', 1000), "You've already received your £10 credit from this offer. See T&Cs."],
    ['ALREADY_CLAIMED, pence', answered('ALREADY_CLAIMED', 999), "You've already received your £9.99 credit from this offer. See T&Cs."],
    ['EXPIRED', answered('EXPIRED'), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['NOT_FOUND', answered('NOT_FOUND', null, null), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['NOT_STARTED', answered('NOT_STARTED'), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['INACTIVE', answered('INACTIVE'), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['EXHAUSTED (the budget is used up)', answered('EXHAUSTED'), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['CLAIMED without an amount', answered('CLAIMED', null, null), 'Sorry, this offer link is no longer valid. See T&Cs.'],
    ['network failure', { kind: 'failed' }, 'Unable to process credit at this time. Please try again later.'],
    ['not logged in', { kind: 'logged-out' }, 'Please log in to claim your credit. See T&Cs.'],
    ['too many failed claims', { kind: 'too-many' }, 'Too many offer links tried. Please try again later.'],
  ])('%s', (_name, outcome, message) => {
    expect(creditToastMessage(outcome)).toBe(message);
  });

  it('only the network failure and the guessing limit have no T&Cs link; only the logged-out toast offers the login', () => {
    expect(creditToast({ kind: 'failed' })).toMatchObject({ terms: false, login: false, tone: 'error' });
    expect(creditToast({ kind: 'too-many' })).toMatchObject({ terms: false, login: false, tone: 'error' });
    expect(creditToast({ kind: 'logged-out' })).toMatchObject({ terms: true, login: true });
    for (const status of CREDIT_CLAIM_STATUSES) expect(creditToast(answered(status)).terms, status).toBe(true);
    expect(creditToast(answered('CLAIMED')).tone).toBe('success');
  });
});
