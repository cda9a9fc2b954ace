/**
 * What every sign-in does once the users service said yes (password login, the emailed
 * confirmation link, a social sign-in): rotate the session and set the cookies
 * (accounts/session.ts), then run the carry-over handlers (accounts/carry-over.ts), whose
 * failures are logged and never fail the sign-in.
 */
import { guestStateFrom, type CarryOverRegistry } from '../../accounts/carry-over.ts';
import type { SessionAccess } from '../../accounts/session.ts';
import type { DealsClient } from '../../clients/deals.client.ts';
import type { ReferralsClient } from '../../clients/referrals.client.ts';
import { joinReferralOnSignIn } from '../../referrals/referral-link.ts';
import type { SignedIn } from '../../clients/users.client.ts';
import type { Logger } from '../../logger.ts';

export interface SignInDeps {
  session: SessionAccess;
  cookies: Readonly<Record<string, string>>;
  clients: { deals: DealsClient; referrals?: ReferralsClient };
  carryOver: CarryOverRegistry;
  logger: Logger;
  requestId: string;
}

export async function completeSignIn(deps: SignInDeps, signedIn: SignedIn, recentlyViewedDealIds: readonly number[] = []): Promise<void> {
  await deps.session.signIn(signedIn);
  await deps.carryOver.run(
    { customerToken: signedIn.user.customerToken, guest: guestStateFrom(deps.cookies), recentlyViewedDealIds },
    { clients: deps.clients, logger: deps.logger, requestId: deps.requestId },
  );
  // Refer a friend (issue 18 point 4): a friend's link followed before signing in (referrals/referral-link.ts).
  await joinReferralOnSignIn({ cookies: deps.cookies, referrals: deps.clients.referrals, logger: deps.logger, requestId: deps.requestId }, signedIn.session.token);
}
