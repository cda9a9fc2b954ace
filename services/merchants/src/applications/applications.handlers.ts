import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import { MERCHANT_MESSAGES } from '@shop/domain/merchants';
import { topCategorySlugs } from '@shop/deals';
import type { DealsDb } from '@shop/deals/db/database';
import type { ApplicationResponse, BusinessResponse } from '../contract.ts';
import type { Business } from '../businesses/businesses.store.ts';
import { deliverMerchantMail } from '../mail/mail.ts';
import type { MerchantsDeps } from '../lib/deps.ts';
import { alreadyDecided, notFound, parseId } from '../lib/http.ts';
import * as routes from './applications.routes.ts';
import * as store from './applications.store.ts';

export const applicationJson = (a: store.Application): ApplicationResponse => ({
  ...a,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
});

export const businessJson = (b: Business): BusinessResponse => ({ ...b, createdAt: b.createdAt.toISOString() });

export function registerApplicationRoutes(app: OpenAPIHono, deps: MerchantsDeps): void {
  const { db } = deps;
  const links = { login: `${deps.publicBaseUrl}/login`, register: `${deps.publicBaseUrl}/register` };
  /** Mail written by the request's transaction goes now; what fails here, the shop's job sends later. */
  const sendMail = async () => {
    try {
      await deliverMerchantMail(deps);
    } catch (err) {
      deps.log('[merchants] mail delivery failed', { error: err instanceof Error ? err.message : String(err) });
    }
  };

  app.openapi(routes.submitApplication, async (c) => {
    const input = c.req.valid('json');
    if (!(await topCategorySlugs(db as unknown as DealsDb)).includes(input.category)) return invalid(c, [{ field: 'category', message: MERCHANT_MESSAGES.category }]);
    const result = await db.transaction().execute((trx) => store.submitApplication(trx, input, deps.now()));
    if (result.created) await sendMail();
    return c.json({ created: result.created, application: applicationJson(result.application) }, result.created ? 201 : 200);
  });

  app.openapi(routes.getApplication, async (c) => {
    const id = parseId(c.req.valid('param').id);
    const application = id === null ? null : await store.applicationById(db, id);
    if (!application) return notFound(c);
    return c.json(applicationJson(application), 200);
  });

  app.openapi(routes.approveApplication, async (c) => {
    const id = parseId(c.req.valid('param').id);
    if (id === null) return notFound(c);
    const body = c.req.valid('json');
    const outcome = await db.transaction().execute((trx) => store.approveApplication(trx, id, body, { now: deps.now(), links }));
    if (outcome.kind === 'not-found') return notFound(c);
    if (outcome.kind === 'rejected') return alreadyDecided(c, 'rejected');
    if (outcome.created) await sendMail();
    return c.json({ created: outcome.created, application: applicationJson(outcome.application), business: businessJson(outcome.business), owner: outcome.owner }, outcome.created ? 201 : 200);
  });

  app.openapi(routes.rejectApplication, async (c) => {
    const id = parseId(c.req.valid('param').id);
    if (id === null) return notFound(c);
    const body = c.req.valid('json');
    const outcome = await db.transaction().execute((trx) => store.rejectApplication(trx, id, body, deps.now()));
    if (outcome.kind === 'not-found') return notFound(c);
    if (outcome.kind === 'approved') return alreadyDecided(c, 'approved');
    if (outcome.created) await sendMail();
    return c.json({ created: outcome.created, application: applicationJson(outcome.application) }, 200);
  });
}
