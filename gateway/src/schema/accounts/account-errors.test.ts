/**
 * Users-service problems → the result-union member a shopper can act on, only when the union has
 * it; anything else is rethrown (masked).
 */
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../clients/service-error.ts';
import { fromServiceError, serviceFieldErrors } from './account-errors.ts';

const users = (status: number, code: string, extra: { fieldErrors?: { field: string; message: string }[]; retryAfterSeconds?: number | null } = {}) =>
  new ServiceError('users', status, code, extra);

describe('fromServiceError', () => {
  it('maps each code to its member, in the domain words', () => {
    const all = { allowed: ['ValidationError', 'FormErrors', 'RateLimitedError', 'UnauthenticatedError', 'LoginFailedError', 'AccountLockedError', 'InvalidLinkError'] as const };
    expect(fromServiceError(users(429, 'RATE_LIMITED', { retryAfterSeconds: 30 }), all)).toEqual({ __typename: 'RateLimitedError', code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED, field: null, retryAfterSeconds: 30 });
    expect(fromServiceError(users(429, 'RATE_LIMITED'), all)).toMatchObject({ retryAfterSeconds: 60 });
    expect(fromServiceError(users(401, 'UNAUTHENTICATED'), all)).toMatchObject({ __typename: 'UnauthenticatedError', message: ERROR_MESSAGES.UNAUTHENTICATED });
    expect(fromServiceError(users(423, 'ACCOUNT_LOCKED'), all)).toMatchObject({ __typename: 'AccountLockedError', message: ERROR_MESSAGES.ACCOUNT_LOCKED });
    expect(fromServiceError(users(400, 'INVALID_LINK'), all)).toMatchObject({ __typename: 'InvalidLinkError', field: 'token' });
    expect(fromServiceError(users(401, 'WRONG_PASSWORD'), { ...all, wrongPasswordField: 'currentPassword' })).toMatchObject({ __typename: 'FormErrors', code: 'WRONG_PASSWORD', field: 'currentPassword' });
  });

  it('INVALID_LINK is LoginFailedError where the union has no InvalidLinkError (confirmEmail)', () => {
    expect(fromServiceError(users(400, 'INVALID_LINK'), { allowed: ['LoginFailedError', 'ValidationError'] })).toEqual({
      __typename: 'LoginFailedError',
      code: 'INVALID_LINK',
      message: ERROR_MESSAGES.INVALID_LINK,
      field: 'token',
    });
  });

  it('a member the union does not have, another service, a 500 or a timeout: null (rethrown, masked)', () => {
    expect(fromServiceError(users(429, 'RATE_LIMITED'), { allowed: ['ValidationError'] })).toBeNull();
    expect(fromServiceError(new ServiceError('deals', 429, 'RATE_LIMITED'), { allowed: ['RateLimitedError'] })).toBeNull();
    expect(fromServiceError(users(500, 'INTERNAL'), { allowed: ['ValidationError', 'FormErrors'] })).toBeNull();
    expect(fromServiceError(users(0, 'TIMEOUT'), { allowed: ['ValidationError'] })).toBeNull();
    expect(fromServiceError(new Error('boom'), { allowed: ['ValidationError'] })).toBeNull();
  });

  it('a 400 names the form fields; a message that is not one of ours is replaced', () => {
    const error = users(400, 'VALIDATION_FAILED', {
      fieldErrors: [
        { field: 'loginRequest.j_username', message: ACCOUNT_MESSAGES.email },
        { field: 'passwordChange.newPassword', message: 'SQL said: relation users does not exist' },
      ],
    });
    expect(fromServiceError(error, { allowed: ['ValidationError'] })).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'email', message: ACCOUNT_MESSAGES.email });
    expect(serviceFieldErrors(error.fieldErrors).map((e) => [e.field, e.message])).toEqual([
      ['email', ACCOUNT_MESSAGES.email],
      ['newPassword', ERROR_MESSAGES.VALIDATION_FAILED],
    ]);
    expect(fromServiceError(error, { allowed: ['FormErrors'] })).toMatchObject({ __typename: 'FormErrors', field: 'email', errors: [{ field: 'email' }, { field: 'newPassword' }] });
  });
});
