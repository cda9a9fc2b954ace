import type { OpenAPIHono } from '@hono/zod-openapi';
import type { WishlistAlertKind } from '@shop/domain/wishlist-alerts';
import { authOf } from '../lib/auth.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { clientAddress, fail, rateLimited } from '../lib/http.ts';
import { hitAll } from '../lib/rate-limit.ts';
import { findById, recordEvent } from '../store/accounts.ts';
import * as routes from './alerts.routes.ts';
import { alertPreferencesOf, setAlertPreferences, type WishlistAlertPreferences } from './alerts.store.ts';

const json = (p: WishlistAlertPreferences) => ({ priceDrops: p.price_drop, backInStock: p.back_in_stock });

export function registerAlertRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db, links } = deps;

  app.openapi(routes.myAlertPreferences, async (c) => {
    const { account } = authOf(c);
    return c.json({ data: json(await alertPreferencesOf(db, account.id)) }, 200);
  });

  app.openapi(routes.putAlertPreferences, async (c) => {
    const { account } = authOf(c);
    const { priceDrops, backInStock } = c.req.valid('json');
    const wanted: Partial<Record<WishlistAlertKind, boolean>> = {};
    if (priceDrops !== undefined) wanted.price_drop = priceDrops;
    if (backInStock !== undefined) wanted.back_in_stock = backInStock;
    return c.json({ data: json(await setAlertPreferences(db, account.id, wanted, deps.now())) }, 200);
  });

  app.openapi(routes.unsubscribeAlert, async (c) => {
    const { token } = c.req.valid('json');
    const now = deps.now();
    // Rate-limited like every signed link: the token is the only permission.
    const verdict = await hitAll(db, deps.limits, [['linkPerAddress', clientAddress(c)]], now);
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
    const named = links.parseAlertToken(token);
    const account = named ? await findById(db, named.userId) : null;
    if (!named || !account?.email || !(await links.verifyAlert(token, account.id, named.kind, account.email))) return fail(c, 400, 'INVALID_LINK');
    await setAlertPreferences(db, account.id, { [named.kind]: false }, now);
    await recordEvent(db, account.id, 'wishlist_alert_unsubscribed', now, { kind: named.kind });
    return c.json({ data: { kind: named.kind, email: account.email } }, 200);
  });
}
