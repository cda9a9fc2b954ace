/**
 * Signing in and out (spec §7 login, PUT logout; reliability A1, A2, A5).
 *
 * - login: the input is checked with the domain's loginSchema before any call; the users
 *   service answers the same way for an unknown email and a wrong password (LoginFailedError
 *   INVALID_CREDENTIALS), throttles (RateLimitedError SIGN_IN_THROTTLED, the same for every
 *   email); ACCOUNT_LOCKED (staff only) and EMAIL_NOT_CONFIRMED come only with the right
 *   password. Success rotates the session (the browser's previous token is ended), sets the
 *   cookies and carries the guest's recently viewed deals over.
 * - confirmEmail: the emailed link confirms the address and signs in, like login.
 * - logout: ends the session on the server (or every session of the account) and clears the
 *   cookies; answers ok even without a session (nothing to end).
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES, forgotPasswordSchema, loginSchema } from '@shop/domain/accounts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';
import type { GatewayContext } from '../../context.ts';
import { CARRY_OVER_VIEWED_MAX } from '../../accounts/carry-over.ts';
import type { Resolver } from '../types.ts';
import type { CustomerParent } from './Customer.ts';
import { firstZodError, fromServiceError, userError, validationError, withoutNulls, type MemberOf } from './account-errors.ts';
import { completeSignIn } from './sign-in.ts';

type LoginResult = { __typename: 'LoginSuccess'; viewer: CustomerParent } | MemberOf<'LoginFailedError' | 'AccountLockedError' | 'RateLimitedError' | 'ValidationError'>;

export interface LoginArgs {
  input: { email: string; password: string; rememberMe?: boolean | null; recentlyViewedDealIds?: number[] | null };
}

const LOGIN_ERRORS = { allowed: ['LoginFailedError', 'AccountLockedError', 'RateLimitedError', 'ValidationError'] as const };

const ViewedIds = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .max(CARRY_OVER_VIEWED_MAX, { error: `At most ${CARRY_OVER_VIEWED_MAX} recently viewed deals.` });

const signInDeps = (ctx: GatewayContext) => ({
  session: ctx.session,
  cookies: ctx.cookies,
  clients: ctx.clients,
  carryOver: ctx.accounts.carryOver,
  logger: ctx.logger,
  requestId: ctx.requestId,
});

export const login: Resolver<unknown, LoginArgs, Promise<LoginResult>> = async (_p, { input }, ctx) => {
  const { recentlyViewedDealIds, ...credentials } = input;
  const parsed = loginSchema.safeParse(withoutNulls(credentials));
  if (!parsed.success) return firstZodError(parsed.error);
  const viewed = ViewedIds.safeParse(recentlyViewedDealIds ?? []);
  if (!viewed.success) return validationError('recentlyViewedDealIds', viewed.error.issues[0]?.message ?? 'Not a list of deal ids.');
  try {
    const signedIn = await ctx.clients.users.login(parsed.data);
    await completeSignIn(signInDeps(ctx), signedIn, viewed.data);
    return { __typename: 'LoginSuccess', viewer: signedIn.user };
  } catch (error) {
    const member = fromServiceError(error, LOGIN_ERRORS);
    if (member) return member;
    throw error;
  }
};

/** Link tokens are short (32 bytes, base64url); anything this long is no link of ours. */
export const TOKEN_MAX = 300;

/**
 * An emailed link that signs in (confirming the address, or the sign-in link): the token checked
 * for shape here, redeemed by the users service, then a new session as after login.
 */
function signInByLink(redeem: (ctx: GatewayContext, token: string) => Promise<Parameters<typeof completeSignIn>[1]>): Resolver<unknown, { input: { token: string } }, Promise<LoginResult>> {
  return async (_p, { input }, ctx) => {
    const token = input.token.trim();
    if (!token) return validationError('token', ACCOUNT_MESSAGES.required);
    if (token.length > TOKEN_MAX) return userError('LoginFailedError', 'INVALID_LINK', 'token');
    try {
      const signedIn = await redeem(ctx, token);
      await completeSignIn(signInDeps(ctx), signedIn);
      return { __typename: 'LoginSuccess', viewer: signedIn.user };
    } catch (error) {
      const member = fromServiceError(error, LOGIN_ERRORS);
      if (member) return member;
      throw error;
    }
  };
}

export const confirmEmail = signInByLink((ctx, token) => ctx.clients.users.verifyEmail(token));

/** "Email me a sign-in link" (issue 14 #5): the same answer whether or not the email is registered. */
export const requestSignInLink: Resolver<unknown, { input: { email: string } }, Promise<{ __typename: 'SignInLinkRequested'; message: string } | MemberOf<'ValidationError' | 'RateLimitedError'>>> = async (_p, { input }, ctx) => {
  const parsed = forgotPasswordSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return firstZodError(parsed.error);
  try {
    await ctx.clients.users.requestSignInLink(parsed.data.email);
    return { __typename: 'SignInLinkRequested', message: ACCOUNT_OUTCOMES.signInLinkRequested };
  } catch (error) {
    const member = fromServiceError(error, { allowed: ['ValidationError', 'RateLimitedError'] });
    if (member) return member;
    throw error;
  }
};

/** The emailed sign-in link: signs in like login (a new session, the old one ended). */
export const signInWithLink = signInByLink((ctx, token) => ctx.clients.users.signInWithLink(token));

export const logout: Resolver<unknown, { input?: { everywhere?: boolean | null } | null }, Promise<{ ok: boolean }>> = async (_p, args, ctx) => {
  const token = ctx.session.token();
  if (token) {
    try {
      await ctx.clients.users.logout(token, args.input?.everywhere ?? false);
    } catch (error) {
      // 401: the session had already ended; the cookies are cleared all the same.
      if (!(error instanceof Error && 'status' in error && error.status === 401)) throw error;
    }
  }
  ctx.session.signOut();
  return { ok: true };
};
