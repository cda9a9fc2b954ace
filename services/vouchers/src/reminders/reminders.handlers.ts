import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import type { VouchersDeps } from '../lib/deps.ts';
import { remindExpiringVouchers, type ReminderDeps } from './reminders.ts';
import * as routes from './reminders.routes.ts';

/** The furthest ahead an operator may run it: past the longest validity a deal sells (its months plus 3 of extension). */
const MAX_AHEAD_MS = 400 * 86_400_000;

/** The operator's run of the reminders job (the shop's lease runs it on its own every hour). */
export function registerReminderRoutes(app: OpenAPIHono, deps: VouchersDeps, reminders: Pick<ReminderDeps, 'mailer' | 'holderEmails'>, aheadAllowed: boolean): void {
  app.openapi(routes.postRunReminders, async (c) => {
    const body = (c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined) ?? {};
    const now = deps.now();
    if (body.asOf && !aheadAllowed) return invalid(c, [{ field: 'asOf', message: 'Running the reminders as of another time is for test shops only.' }]);
    const asOf = body.asOf ? new Date(body.asOf) : now;
    if (asOf.getTime() < now.getTime() - 60_000 || asOf.getTime() > now.getTime() + MAX_AHEAD_MS) return invalid(c, [{ field: 'asOf', message: 'Give an instant from now to 400 days ahead.' }]);
    const result = await remindExpiringVouchers({ db: deps.db, now: () => asOf, publicBaseUrl: deps.publicBaseUrl, log: deps.log, ...reminders });
    return c.json(result, 200);
  });
}
