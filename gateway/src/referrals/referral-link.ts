/**
 * Refer a friend, the personal link (issue 18 point 4; spec §3 "Cookies are used for … referral",
 * §7 user/raf/stat/open): GET /r/{code} counts the open in the users service and, for a code
 * somebody has, keeps it in the `td_raf` cookie for 30 days (first party, HttpOnly; necessary: it
 * only carries out the visitor's own choice to follow a friend's invitation, nothing is tracked
 * elsewhere), then sends the visitor to /register. When that visitor next signs in (the emailed
 * confirmation link signs a new account in), joinReferralOnSignIn records the referral; the users
 * service refuses oneself, an account older than 7 days and a second referrer.
 */
import { Hono } from 'hono';
import { REFERRAL_CODE_PATTERN } from '@shop/domain/referrals';
import type { GatewayContext } from '../context.ts';
import type { ReferralsClient } from '../clients/referrals.client.ts';
import type { Logger } from '../logger.ts';
import { isSecureRequest } from '../accounts/cookies.ts';

export const REFERRAL_COOKIE = 'td_raf';
const REFERRAL_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
export const REFERRAL_LINK_PATH = '/r/:code';

export function createReferralLinkRoutes(options: { context: (request: Request) => GatewayContext; logger: Logger }): Hono {
  const app = new Hono();
  app.get(REFERRAL_LINK_PATH, async (c) => {
    const code = c.req.param('code');
    const headers = new Headers({ location: '/register', 'cache-control': 'private, no-store' });
    if (REFERRAL_CODE_PATTERN.test(code)) {
      const ctx = options.context(c.req.raw);
      let known = false;
      try {
        known = await ctx.clients.referrals.open(code);
      } catch (error) {
        options.logger.warn('Referral link open not counted', { correlationId: ctx.requestId, error: String(error) });
      }
      if (known) headers.append('set-cookie', `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${isSecureRequest(c.req.raw) ? '; Secure' : ''}`);
    }
    return new Response(null, { status: 302, headers });
  });
  return app;
}

/**
 * After a sign-in: the referral cookie's code, if any, joins the signed-in account to its
 * referrer. Never fails the sign-in (a failure is logged); a refusal is simply not recorded.
 */
export async function joinReferralOnSignIn(deps: { cookies: Readonly<Record<string, string>>; referrals?: ReferralsClient; logger: Logger; requestId: string }, sessionToken: string): Promise<void> {
  const code = deps.cookies[REFERRAL_COOKIE];
  if (!code || !deps.referrals || !REFERRAL_CODE_PATTERN.test(code)) return;
  try {
    await deps.referrals.join(sessionToken, code);
  } catch (error) {
    deps.logger.warn('Referral join after sign-in failed', { correlationId: deps.requestId, error: String(error) });
  }
}
