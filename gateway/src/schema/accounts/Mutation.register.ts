/**
 * Registration (spec §7 POST /register, /express-register). The answer is the same whether or
 * not the email was registered (the email that follows says which): RegisterAccepted, or a
 * ValidationError from the domain's registerSchema, or RateLimitedError. Registering marks the
 * browser's brand cookie registered_user (spec §4; only with marketing consent).
 */
import { expressRegisterSchema, registerSchema } from '@shop/domain/accounts';
import { brandCookie } from '../../accounts/cookies.ts';
import type { GatewayContext } from '../../context.ts';
import type { Resolver } from '../types.ts';
import { firstZodError, fromServiceError, withoutNulls, type MemberOf } from './account-errors.ts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';

type RegisterResult = { __typename: 'RegisterAccepted'; message: string; email: string } | MemberOf<'ValidationError' | 'RateLimitedError'>;

const REGISTER_ERRORS = { allowed: ['ValidationError', 'RateLimitedError'] as const };

function accepted(ctx: GatewayContext, email: string): RegisterResult {
  const brand = brandCookie(ctx.cookies, 'registered_user', ctx.secure);
  if (brand) ctx.responseCookies.set('brand', brand);
  return { __typename: 'RegisterAccepted', message: ACCOUNT_OUTCOMES.registerAccepted, email };
}

export interface RegisterArgs {
  input: { email: string; password: string; firstName: string; lastName: string; subscribe?: boolean | null };
}

export const register: Resolver<unknown, RegisterArgs, Promise<RegisterResult>> = async (_p, { input }, ctx) => {
  const parsed = registerSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return firstZodError(parsed.error);
  try {
    // The address as normalised (the one the email goes to), never what the service says of it.
    await ctx.clients.users.register(parsed.data);
    return accepted(ctx, parsed.data.email);
  } catch (error) {
    const member = fromServiceError(error, REGISTER_ERRORS);
    if (member) return member;
    throw error;
  }
};

export const expressRegister: Resolver<unknown, { input: { email: string; firstName?: string | null; lastName?: string | null } }, Promise<RegisterResult>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = expressRegisterSchema.safeParse(withoutNulls(input));
  if (!parsed.success) return firstZodError(parsed.error);
  try {
    await ctx.clients.users.expressRegister(parsed.data);
    return accepted(ctx, parsed.data.email);
  } catch (error) {
    const member = fromServiceError(error, REGISTER_ERRORS);
    if (member) return member;
    throw error;
  }
};
