import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { EXPIRE_BATCH, expireVouchers } from './expiry.ts';
import * as routes from './expiry.routes.ts';

/** The furthest ahead a test shop may run it: past the longest validity a deal sells (its months plus 3 of extension). */
const MAX_AHEAD_MS = 400 * 86_400_000;

/** The operator's run of the expiry job (the shop's lease runs it every 15 minutes). `aheadAllowed`: asOf accepted (test shops). */
export function registerExpiryRoutes(app: OpenAPIHono, deps: VouchersDeps, aheadAllowed: boolean): void {
  app.openapi(routes.postRunExpiry, async (c) => {
    const body = (c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined) ?? {};
    const now = deps.now();
    // Run early against real customers it would expire vouchers they can still use.
    if (body.asOf && !aheadAllowed) return invalid(c, [{ field: 'asOf', message: 'Running the expiry as of another time is for test shops only.' }]);
    const asOf = body.asOf ? new Date(body.asOf) : now;
    if (asOf.getTime() < now.getTime() - 60_000 || asOf.getTime() > now.getTime() + MAX_AHEAD_MS) return invalid(c, [{ field: 'asOf', message: 'Give an instant from now to 400 days ahead.' }]);
    const expired = await expireVouchers(deps.db, asOf, EXPIRE_BATCH, undefined, body.customerToken);
    return c.json({ expired }, 200);
  });
}
