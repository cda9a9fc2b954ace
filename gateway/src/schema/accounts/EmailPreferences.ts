/**
 * Deal emails (spec §7 subscription, email preferences): subscribing (double opt-in: a
 * confirmation email follows), confirming from the emailed link, and the preferences page behind
 * a signed link (no login). A confirmed subscription marks the brand cookie `subscribed` (spec
 * §4: never over registered_user; only with marketing consent).
 */
import {
  ACCOUNT_MESSAGES,
  EMAIL_FREQUENCIES,
  EMAIL_TOPICS,
  emailPreferencesSchema,
  subscribeSchema,
  type EmailFrequency,
  type EmailTopic,
} from '@shop/domain/accounts';
import { brandCookie } from '../../accounts/cookies.ts';
import type { EmailPreferences } from '../../clients/users.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { Resolver } from '../types.ts';
import { firstZodError, fromServiceError, userError, validationError, type MemberOf } from './account-errors.ts';
import { ACCOUNT_OUTCOMES } from './account-messages.ts';
import { TOKEN_MAX } from './Mutation.signIn.ts';
import type { EmailPreferencesResolvers } from '../__generated__/resolvers.ts';
import { enumValue } from '../mappers.ts';

export type EmailPreferencesParent = EmailPreferences & { __typename: 'EmailPreferences' };
type PreferencesResult = EmailPreferencesParent | MemberOf<'ValidationError' | 'InvalidLinkError'>;

/** GraphQL enum value ⇄ the domain's: LOCAL_DEALS ⇄ local-deals, DAILY ⇄ daily. */
const fromEnum = (value: string) => value.toLowerCase().replace(/_/g, '-');

export const EmailPreferencesType: EmailPreferencesResolvers = {
  topics: (p) => p.topics.map(enumValue),
  frequency: (p) => enumValue(p.frequency),
  preferencesToken: (p) => p.token,
};

const PREFERENCE_ERRORS = { allowed: ['ValidationError', 'InvalidLinkError'] as const };

const preferences = (value: EmailPreferences): EmailPreferencesParent => ({ __typename: 'EmailPreferences', ...value });

/** A token that cannot be one of ours: a bad link (empty is a missing field). */
function badToken(token: string): MemberOf<'ValidationError' | 'InvalidLinkError'> | null {
  if (!token.trim()) return validationError('token', ACCOUNT_MESSAGES.required);
  if (token.length > TOKEN_MAX) return userError('InvalidLinkError', 'INVALID_LINK', 'token');
  return null;
}

async function withPreferences(load: () => Promise<EmailPreferences>): Promise<PreferencesResult> {
  try {
    return preferences(await load());
  } catch (error) {
    const member = fromServiceError(error, PREFERENCE_ERRORS);
    if (member) return member;
    throw error;
  }
}

export const emailPreferences: Resolver<unknown, { token: string }, Promise<PreferencesResult>> = async (_p, { token }, ctx) =>
  badToken(token) ?? withPreferences(() => ctx.clients.users.getEmailPreferences(token.trim()));

export const subscribeEmail: Resolver<unknown, { input: { email: string; source: 'HEADER' | 'POPUP' | 'ACCOUNT' } }, Promise<{ __typename: 'SubscriptionRequested'; message: string; email: string } | MemberOf<'ValidationError' | 'RateLimitedError'>>> = async (
  _p,
  { input },
  ctx,
) => {
  const parsed = subscribeSchema.safeParse({ email: input.email, source: input.source.toLowerCase() });
  if (!parsed.success) return firstZodError(parsed.error);
  try {
    await ctx.clients.users.subscribe(parsed.data.email, parsed.data.source);
    return { __typename: 'SubscriptionRequested', message: ACCOUNT_OUTCOMES.subscriptionRequested, email: parsed.data.email };
  } catch (error) {
    const member = fromServiceError(error, { allowed: ['ValidationError', 'RateLimitedError'] });
    if (member) return member;
    throw error;
  }
};

export const confirmSubscription: Resolver<unknown, { input: { token: string } }, Promise<PreferencesResult>> = async (_p, { input }, ctx: GatewayContext) => {
  const bad = badToken(input.token);
  if (bad) return bad;
  const result = await withPreferences(() => ctx.clients.users.confirmSubscription(input.token.trim()));
  if (result.__typename === 'EmailPreferences') {
    const brand = brandCookie(ctx.cookies, 'subscribed', ctx.secure);
    if (brand) ctx.responseCookies.set('brand', brand);
  }
  return result;
};

export const updateEmailPreferences: Resolver<unknown, { input: { token: string; topics: string[]; frequency: string } }, Promise<PreferencesResult>> = async (
  _p,
  { input },
  ctx,
) => {
  const bad = badToken(input.token);
  if (bad) return bad;
  const topics = input.topics.map(fromEnum);
  const frequency = fromEnum(input.frequency);
  const parsed = emailPreferencesSchema.safeParse({ token: input.token.trim(), topics: [...new Set(topics)], frequency });
  if (!parsed.success) return firstZodError(parsed.error);
  return withPreferences(() =>
    ctx.clients.users.updateEmailPreferences({ token: parsed.data.token, topics: parsed.data.topics as EmailTopic[], frequency: parsed.data.frequency as EmailFrequency }),
  );
};

export const unsubscribeEmail: Resolver<unknown, { input: { token: string } }, Promise<PreferencesResult>> = async (_p, { input }, ctx) =>
  badToken(input.token) ?? withPreferences(() => ctx.clients.users.unsubscribe(input.token.trim()));

// The enums are the domain's lists (a drift between the two fails the schema test).
export const EMAIL_TOPIC_ENUM = EMAIL_TOPICS.map(enumValue);
export const EMAIL_FREQUENCY_ENUM = EMAIL_FREQUENCIES.map(enumValue);
