/**
 * Passwords (spec §5, §7; reliability A2, A7).
 *
 * - requestPasswordReset: the same answer whether or not the email is registered.
 * - resetPassword / activatePassword: a token from the email and a new password that passes every
 *   rule of spec §5's second reading; ends every session of the account and does not sign in.
 *   A used, expired or unknown token is InvalidLinkError.
 * - changePassword: needs the session; every failing rule is listed (FormErrors); a wrong current
 *   password is FormErrors WRONG_PASSWORD on currentPassword. Success rotates: the service issues
 *   a new session and ends every other one, and the new cookie replaces the old.
 */
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@shop/domain/accounts';
import { isServiceError } from '../../clients/service-error.ts';
import type { GatewayContext } from '../../context.ts';
import type { Resolver } from '../types.ts';
import type { CustomerParent } from './Customer.ts';
import { firstZodError, fromServiceError, userError, withoutNulls, zodFormErrors, type MemberOf } from './account-errors.ts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';

/** A users-service 401 UNAUTHENTICATED: the session cookie is dead, so it is cleared. */
export function clearIfUnauthenticated(ctx: GatewayContext, error: unknown): void {
  if (isServiceError(error) && error.service === 'users' && error.code === 'UNAUTHENTICATED') ctx.session.dead();
}

export const requestPasswordReset: Resolver<unknown, { input: { email: string } }, Promise<{ __typename: 'PasswordResetRequested'; message: string } | MemberOf<'ValidationError' | 'RateLimitedError'>>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = forgotPasswordSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return firstZodError(parsed.error);
  try {
    await ctx.clients.users.requestPasswordReset(parsed.data.email);
    return { __typename: 'PasswordResetRequested', message: ACCOUNT_OUTCOMES.passwordResetRequested };
  } catch (error) {
    const member = fromServiceError(error, { allowed: ['ValidationError', 'RateLimitedError'] });
    if (member) return member;
    throw error;
  }
};

type ResetArgs = { input: { token: string; password: string; confirmPassword: string } };
type ResetResult = { __typename: 'PasswordReset'; message: string } | MemberOf<'ValidationError' | 'InvalidLinkError' | 'RateLimitedError'>;

function resetWith(kind: 'reset' | 'activate'): Resolver<unknown, ResetArgs, Promise<ResetResult>> {
  return async (_p, { input }, ctx) => {
    const parsed = resetPasswordSchema.safeParse(withoutNulls(input));
    if (!parsed.success) {
      const first = firstZodError(parsed.error);
      // A token that cannot be one of ours is a bad link, not a form mistake.
      return first.field === 'token' && input.token.length > 0 ? userError('InvalidLinkError', 'INVALID_LINK', 'token') : first;
    }
    try {
      if (kind === 'reset') await ctx.clients.users.resetPassword(parsed.data);
      else await ctx.clients.users.activatePassword(parsed.data);
      return { __typename: 'PasswordReset', message: kind === 'reset' ? ACCOUNT_OUTCOMES.passwordReset : ACCOUNT_OUTCOMES.passwordActivated };
    } catch (error) {
      const member = fromServiceError(error, { allowed: ['ValidationError', 'InvalidLinkError', 'RateLimitedError'] });
      if (member) return member;
      throw error;
    }
  };
}

export const resetPassword = resetWith('reset');
export const activatePassword = resetWith('activate');

type ChangeArgs = { input: { currentPassword: string; newPassword: string; confirmPassword: string } };

export const changePassword: Resolver<unknown, ChangeArgs, Promise<{ __typename: 'PasswordChanged'; viewer: CustomerParent } | MemberOf<'FormErrors' | 'UnauthenticatedError' | 'RateLimitedError'>>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = changePasswordSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return zodFormErrors(parsed.error);
  const token = ctx.session.token();
  if (!token) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const signedIn = await ctx.clients.users.changePassword(token, parsed.data);
    // The service already ended every other session, the old one included; the new cookie replaces it.
    await ctx.session.signIn(signedIn, { brand: false });
    return { __typename: 'PasswordChanged', viewer: signedIn.user };
  } catch (error) {
    clearIfUnauthenticated(ctx, error);
    const member = fromServiceError(error, { allowed: ['FormErrors', 'UnauthenticatedError', 'RateLimitedError'], wrongPasswordField: 'currentPassword' });
    if (member) return member;
    throw error;
  }
};
