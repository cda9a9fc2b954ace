import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import type { CheckoutDeps } from '../lib/deps.ts';
import { deliverOrderMail } from '../orders/orders.ts';
import * as routes from './order-mail.routes.ts';

/** How far ahead a test shop may run it: past the latest e-gift send date (2 months) is not needed; 60 days is. */
const MAX_AHEAD_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * The operator's run of the order mail sender. `aheadAllowed` (test shops only, like the referral
 * settle job's asOf): asOf accepted, so the end-to-end journey sees a dated e-gift go out without
 * waiting for its day.
 */
export function registerOrderMailRoutes(app: OpenAPIHono, deps: CheckoutDeps, aheadAllowed: boolean): void {
  app.openapi(routes.deliverOrderMailRoute, async (c) => {
    const body = c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {};
    const now = deps.now();
    if (body.asOf && !aheadAllowed) return invalid(c, [{ field: 'asOf', message: 'Sending the order mail as of another time is for test shops only.' }]);
    const asOf = body.asOf ? new Date(body.asOf) : now;
    if (asOf.getTime() < now.getTime() - 60_000 || asOf.getTime() > now.getTime() + MAX_AHEAD_MS) return invalid(c, [{ field: 'asOf', message: 'Give an instant from now to 60 days ahead.' }]);
    const sent = await deliverOrderMail({ ...deps, now: () => asOf });
    return c.json({ sent }, 200);
  });
}
