import type { OpenAPIHono } from '@hono/zod-openapi';
import { CLIENT_IP_HEADER, invalid, problem, problemResponse } from '@shop/platform';
import { hitLimits } from '@shop/platform/rate-limit';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { MERCHANT_MESSAGES } from '@shop/domain/merchants';
import { topCategorySlugs } from '@shop/deals';
import type { DealsDb } from '@shop/deals/db/database';
import type { ApplicationResponse, BusinessResponse } from '../contract.ts';
import type { Business } from '../businesses/businesses.store.ts';
import { deliverMerchantMail } from '../mail/mail.ts';
import type { ApplicationLimits, MerchantsDeps } from '../lib/deps.ts';
import { alreadyDecided, notFound, parseId } from '../lib/http.ts';
import * as routes from './applications.routes.ts';
import * as store from './applications.store.ts';

export const applicationJson = (a: store.Application): ApplicationResponse => ({
  ...a,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
});

export const businessJson = (b: Business): BusinessResponse => ({ ...b, createdAt: b.createdAt.toISOString() });

/** "Become a merchant" submissions an hour: per client address (an office can share one), and per email address typed. */
export const APPLICATION_LIMITS: ApplicationLimits = {
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
};

export function registerApplicationRoutes(app: OpenAPIHono, deps: MerchantsDeps): void {
  const { db } = deps;
  const links = { login: `${deps.publicBaseUrl}/login`, register: `${deps.publicBaseUrl}/register` };
  /** The mail this request's transaction wrote goes now (never the backlog: a slow relay must not hold a form); what fails, the shop's job sends later. */
  const sendMail = async (mailId: string | undefined) => {
    if (mailId === undefined) return;
    try {
      await deliverMerchantMail(deps, 1, mailId);
    } catch (err) {
      deps.log('[merchants] mail delivery failed', { error: err instanceof Error ? err.message : String(err) });
    }
  };

  app.openapi(routes.submitApplication, async (c) => {
    const input = c.req.valid('json');
    // The form mails whatever address is typed: counted per client address and per address typed.
    const address = (c.req.header(CLIENT_IP_HEADER) ?? '').trim().toLowerCase().slice(0, 100) || 'unknown';
    const verdict = await hitLimits(db, 'merchants.rate_limit', [['applyPerAddress', deps.applicationLimits.perAddress, address], ['applyPerEmail', deps.applicationLimits.perEmail, input.email]], deps.now());
    if (!verdict.allowed) {
      return problemResponse(c, problem(429, 'RATE_LIMITED', { detail: ERROR_MESSAGES.RATE_LIMITED, extra: { retryAfterSeconds: verdict.retryAfterSeconds } }), { 'retry-after': String(verdict.retryAfterSeconds) });
    }
    if (!(await topCategorySlugs(db as unknown as DealsDb)).includes(input.category)) return invalid(c, [{ field: 'category', message: MERCHANT_MESSAGES.category }]);
    const result = await db.transaction().execute((trx) => store.submitApplication(trx, input, deps.now()));
    if (result.created) await sendMail(result.mailId);
    return c.json({ created: result.created, application: applicationJson(result.application) }, result.created ? 201 : 200);
  });

  app.openapi(routes.listApplications, async (c) => {
    const { status, first } = c.req.valid('query');
    const applications = await store.applicationsByStatus(db, status, first ?? 50);
    return c.json({ applications: applications.map(applicationJson) }, 200);
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
    if (outcome.created) await sendMail(outcome.mailId);
    return c.json({ created: outcome.created, application: applicationJson(outcome.application), business: businessJson(outcome.business), owner: outcome.owner }, outcome.created ? 201 : 200);
  });

  app.openapi(routes.rejectApplication, async (c) => {
    const id = parseId(c.req.valid('param').id);
    if (id === null) return notFound(c);
    const body = c.req.valid('json');
    const outcome = await db.transaction().execute((trx) => store.rejectApplication(trx, id, body, deps.now()));
    if (outcome.kind === 'not-found') return notFound(c);
    if (outcome.kind === 'approved') return alreadyDecided(c, 'approved');
    if (outcome.created) await sendMail(outcome.mailId);
    return c.json({ created: outcome.created, application: applicationJson(outcome.application) }, 200);
  });
}
