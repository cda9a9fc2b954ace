/**
 * recordReferralShare (issue 18 point 4; spec §7 user/raf/stat/share): the signed-in shopper
 * shared their own link (the session decides whose). Signed out, or a session that ended:
 * UnauthenticatedError before anything is counted.
 */
import type { ReferralShareChannel } from '../../clients/referrals.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { userError } from '../user-errors.ts';

const CHANNELS: Record<string, ReferralShareChannel> = { COPY: 'copy', EMAIL: 'email', WHATSAPP: 'whatsapp', TWITTER: 'twitter', FACEBOOK: 'facebook' };

export const recordReferralShare: NonNullable<MutationResolvers['recordReferralShare']> = async (_p, { input }, ctx) => {
  const token = ctx.session.token();
  if (!token || !(await ctx.session.viewer())) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  try {
    const shares = await ctx.clients.referrals.share(token, CHANNELS[input.channel]!);
    return { __typename: 'ReferralShareRecorded', shares };
  } catch (error) {
    if (isServiceError(error) && error.status === 401) {
      ctx.session.dead();
      return userError('UnauthenticatedError', 'UNAUTHENTICATED');
    }
    throw error;
  }
};
