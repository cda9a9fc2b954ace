import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CONFIRM_TOKEN_TTL_MS } from '@shop/domain/accounts';
import type { EmailPreferences } from '../contract.ts';
import { TOKEN_SHAPE } from '../lib/crypto.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { alreadySubscribedMail, subscriptionConfirmMail } from '../lib/emails.ts';
import { clientAddress, fail, rateLimited } from '../lib/http.ts';
import { hitAll } from '../lib/rate-limit.ts';
import { authOf } from '../lib/auth.ts';
import { recordEvent } from '../store/accounts.ts';
import {
  confirmSubscription,
  findSubscription,
  findSubscriptionByEmail,
  isActive,
  requestSubscription,
  setPreferences,
  unsubscribe,
  type SubscriptionRow,
} from '../store/subscriptions.ts';
import { consumeToken, issueToken } from '../store/tokens.ts';
import * as routes from './subscriptions.routes.ts';

export function registerSubscriptionRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db, links } = deps;

  const preferences = async (s: SubscriptionRow): Promise<EmailPreferences> => ({
    email: s.email,
    subscribed: isActive(s),
    confirmed: s.confirmed,
    topics: s.topics,
    frequency: s.frequency,
    token: await links.preferencesToken(s.id, s.email),
  });

  /** The subscription a signed preferences token names, or null (rate-limited like every link). */
  const bySignedToken = async (c: Context, token: string) => {
    const verdict = await hitAll(db, deps.limits, [['linkPerAddress', clientAddress(c)]], deps.now());
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
    const id = links.parsePreferencesToken(token);
    const s = id === null ? null : await findSubscription(db, id);
    return s && (await links.verifyPreferences(token, s.id, s.email)) ? s : null;
  };

  app.openapi(
    routes.myPreferences,
    async (c) => {
      const { account } = authOf(c);
      const s = account.email && account.emailVerified ? await findSubscriptionByEmail(db, account.email) : null;
      return c.json({ data: s ? await preferences(s) : null }, 200);
    },
  );

  app.openapi(
    routes.subscribe,
    async (c) => {
      const { email, source } = c.req.valid('json');
      const verdict = await hitAll(db, deps.limits, [['subscribePerAddress', clientAddress(c)], ['subscribePerEmail', email]], deps.now());
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      deps.background.run('subscribe', async () => {
        const now = deps.now();
        const s = await requestSubscription(db, email, source, now);
        if (isActive(s)) {
          await deps.mailer.send(alreadySubscribedMail(links, s.email, await links.preferencesToken(s.id, s.email)));
          return;
        }
        const token = await issueToken(db, 'subscription_confirm', { subscriptionId: s.id }, CONFIRM_TOKEN_TTL_MS, now);
        await deps.mailer.send(subscriptionConfirmMail(links, s.email, token));
      });
      return c.json({ data: { status: 'CHECK_EMAIL' as const, email } }, 202);
    },
  );

  app.openapi(
    routes.confirm,
    async (c) => {
      const { token } = c.req.valid('json');
      const now = deps.now();
      const verdict = await hitAll(db, deps.limits, [['linkPerAddress', clientAddress(c)]], now);
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      if (!TOKEN_SHAPE.test(token)) return fail(c, 400, 'INVALID_LINK');
      const owner = await consumeToken(db, 'subscription_confirm', token, now);
      if (!owner?.subscriptionId) return fail(c, 400, 'INVALID_LINK');
      await confirmSubscription(db, owner.subscriptionId, now);
      const s = await findSubscription(db, owner.subscriptionId);
      if (!s) return fail(c, 400, 'INVALID_LINK');
      await recordEvent(db, null, 'subscription_confirmed', now, { subscription: s.id });
      return c.json({ data: await preferences(s) }, 200);
    },
  );

  app.openapi(
    routes.getPreferences,
    async (c) => {
      const s = await bySignedToken(c, c.req.valid('query').token);
      if (s instanceof Response) return s;
      if (!s) return fail(c, 400, 'INVALID_LINK');
      return c.json({ data: await preferences(s) }, 200);
    },
  );

  app.openapi(
    routes.putPreferences,
    async (c) => {
      const { token, topics, frequency } = c.req.valid('json');
      const s = await bySignedToken(c, token);
      if (s instanceof Response) return s;
      if (!s) return fail(c, 400, 'INVALID_LINK');
      await setPreferences(db, s.id, topics, frequency, deps.now());
      return c.json({ data: await preferences((await findSubscription(db, s.id))!) }, 200);
    },
  );

  app.openapi(
    routes.unsubscribe,
    async (c) => {
      const { token } = c.req.valid('json');
      const s = await bySignedToken(c, token);
      if (s instanceof Response) return s;
      if (!s) return fail(c, 400, 'INVALID_LINK');
      const now = deps.now();
      await unsubscribe(db, s.id, now);
      await recordEvent(db, null, 'unsubscribed', now, { subscription: s.id });
      return c.json({ data: await preferences((await findSubscription(db, s.id))!) }, 200);
    },
  );
}
