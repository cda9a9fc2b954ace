/**
 * The signed-in customer's own details (spec §7 PUT user, /user/anonymize).
 *
 * - updateProfile: first and last name through the domain's profileSchema (every failing field
 *   listed); the service refuses unknown keys too (Z4).
 * - deleteAccount: re-authentication with the password (ASVS 7.5.1), then the personal data is
 *   erased, every session ends and the account cookies (session, status and brand) are cleared.
 *   An account without a password (express, social only) confirms by email: the first call sends
 *   a single-use link (AccountDeletionRequested); the page it opens sends its token back from a
 *   session of the same account, and that erases (InvalidLinkError for a used, expired or other
 *   account's link).
 */
import { deleteAccountSchema, profileSchema } from '@shop/domain/accounts';
import type { Resolver } from '../types.ts';
import type { CustomerParent } from './Customer.ts';
import { fromServiceError, userError, withoutNulls, zodFormErrors, type MemberOf } from './account-errors.ts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';
import { clearIfUnauthenticated } from './Mutation.password.ts';

export const updateProfile: Resolver<unknown, { input: { firstName: string; lastName: string } }, Promise<{ __typename: 'ProfileUpdated'; viewer: CustomerParent } | MemberOf<'FormErrors' | 'UnauthenticatedError'>>> = async (
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

export const deleteAccount: Resolver<
  unknown,
  { input: { password?: string | null; token?: string | null } },
  Promise<{ __typename: 'AccountDeleted' | 'AccountDeletionRequested'; message: string } | MemberOf<'FormErrors' | 'InvalidLinkError' | 'UnauthenticatedError' | 'RateLimitedError'>>
> = async (_p, { input }, ctx) => {
  const parsed = deleteAccountSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return zodFormErrors(parsed.error);
  const token = ctx.session.token();
  if (!token) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  const viewer = await ctx.session.viewer();
  if (!viewer) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  // A password proves it is them; with none, the emailed link does (first asked for, then sent back).
  const hasPassword = viewer.status.hasPassword;
  const proof = hasPassword ? (parsed.data.password !== undefined ? { password: parsed.data.password } : {}) : parsed.data.token !== undefined ? { token: parsed.data.token } : {};
  try {
    await ctx.clients.users.anonymize(token, proof);
    if (!hasPassword && !('token' in proof)) return { __typename: 'AccountDeletionRequested', message: ACCOUNT_OUTCOMES.accountDeletionRequested };
    ctx.session.signOut({ clearBrand: true });
    return { __typename: 'AccountDeleted', message: ACCOUNT_OUTCOMES.accountDeleted };
  } catch (error) {
    clearIfUnauthenticated(ctx, error);
    const member = fromServiceError(error, { allowed: ['FormErrors', 'InvalidLinkError', 'UnauthenticatedError', 'RateLimitedError'], wrongPasswordField: 'password' });
    if (member) return member;
    throw error;
  }
};
