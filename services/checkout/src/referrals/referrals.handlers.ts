import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import type { CheckoutDeps } from '../lib/deps.ts';
import * as routes from './referrals.routes.ts';
import { settleReferrals } from './settle-referrals.ts';

/** How far ahead a test shop may run it: past a refund window with room to spare. */
const MAX_AHEAD_MS = 60 * 24 * 60 * 60 * 1000;

/** The operator's run of the referral settle job. `aheadAllowed`: asOf accepted (test shops only). */
export function registerReferralRoutes(app: OpenAPIHono, deps: CheckoutDeps, aheadAllowed: boolean): void {
  app.openapi(routes.settleReferralsRoute, async (c) => {
    const body = c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {};
    const now = deps.now();
    if (body.asOf && !aheadAllowed) return invalid(c, [{ field: 'asOf', message: 'Running the referrals as of another time is for test shops only.' }]);
    const asOf = body.asOf ? new Date(body.asOf) : now;
    if (asOf.getTime() < now.getTime() - 60_000 || asOf.getTime() > now.getTime() + MAX_AHEAD_MS) return invalid(c, [{ field: 'asOf', message: 'Give an instant from now to 60 days ahead.' }]);
    return c.json(await settleReferrals(deps.db, { now: asOf }), 200);
  });
}
