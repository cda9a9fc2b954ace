/**
 * The signed-in customer's own details (spec §7 PUT user, /user/anonymize).
 *
 * - updateProfile: first and last name through the domain's profileSchema (every failing field
 *   listed); the service refuses unknown keys too (Z4).
 * - deleteAccount: re-authentication with the password (ASVS 7.5.1; accounts without one leave it
 *   out), then the personal data is erased, every session ends and the account cookies (session,
 *   status and brand) are cleared.
 */
import { deleteAccountSchema, profileSchema } from '@shop/domain/accounts';
import type { Resolver } from '../types.ts';
import type { CustomerParent } from './Customer.ts';
import { fromServiceError, userError, withoutNulls, zodFormErrors, type AccountError } from './account-errors.ts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';
import { clearIfUnauthenticated } from './Mutation.password.ts';

export const updateProfile: Resolver<unknown, { input: { firstName: string; lastName: string } }, Promise<{ __typename: 'ProfileUpdated'; viewer: CustomerParent } | AccountError>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = profileSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return zodFormErrors(parsed.error);
  const token = ctx.session.token();
  if (!token) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const user = await ctx.clients.users.updateUser(token, parsed.data);
    ctx.session.updateUser(user);
    return { __typename: 'ProfileUpdated', viewer: user };
  } catch (error) {
    clearIfUnauthenticated(ctx, error);
    const member = fromServiceError(error, { allowed: ['FormErrors', 'UnauthenticatedError'] });
    if (member) return member;
    throw error;
  }
};

export const deleteAccount: Resolver<unknown, { input: { password?: string | null } }, Promise<{ __typename: 'AccountDeleted'; message: string } | AccountError>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = deleteAccountSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return zodFormErrors(parsed.error);
  const token = ctx.session.token();
  if (!token) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    await ctx.clients.users.anonymize(token, parsed.data.password);
    ctx.session.signOut({ clearBrand: true });
    return { __typename: 'AccountDeleted', message: ACCOUNT_OUTCOMES.accountDeleted };
  } catch (error) {
    clearIfUnauthenticated(ctx, error);
    const member = fromServiceError(error, { allowed: ['FormErrors', 'UnauthenticatedError', 'RateLimitedError'], wrongPasswordField: 'password' });
    if (member) return member;
    throw error;
  }
};
