import type { OpenAPIHono } from '@hono/zod-openapi';
import { problem, problemResponse } from '@shop/platform';
import { alertWishlists, type WishlistAlertDeps } from './alerts.ts';
import * as routes from './alerts.routes.ts';

/** POST /alerts/run: the job now, with the shop's deals, users and mailer (none: 503). */
export function registerAlertRoutes(app: OpenAPIHono, alerts: WishlistAlertDeps | undefined): void {
  app.openapi(routes.runAlerts, async (c) => {
    if (!alerts) return problemResponse(c, problem(503, 'ALERTS_UNAVAILABLE', { detail: 'The wish list alerts run with the shop: this process has no deals, users or mail to run them with.' }));
    return c.json(await alertWishlists(alerts), 200);
  });
}
