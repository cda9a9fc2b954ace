/**
 * Email subscriptions: double opt-in, signed preferences links (HMAC with a secret kept in the
 * database, so links survive restarts), topics and frequency, unsubscribe.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_TOPICS } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { EmailPreferencesResponseSchema, type EmailPreferences } from '../contract.ts';
import { problemOf, PUBLIC_BASE_URL, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('email subscriptions on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const prefs = async (res: Response): Promise<EmailPreferences> => {
    expect(res.status).toBe(200);
    return EmailPreferencesResponseSchema.parse(await res.json()).data;
  };
  const subscribe = async (email: string) => {
    const res = await f.call('POST', '/subscription', { ip: f.ip(), body: { email, source: 'popup' } });
    expect(res.status).toBe(202);
    return res;
  };

  it('confirms by the emailed link (double opt-in) and answers the signed preferences token', async () => {
    const email = f.email('news');
    const res = await subscribe(email.toUpperCase());
    expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email } });
    const [mail] = await f.mail(email);
    expect(mail).toMatchObject({ kind: 'subscription_confirm', subject: 'Confirm your Thistle Deals deals emails' });
    expect(mail!.text).toContain(`${PUBLIC_BASE_URL}/email/confirm?token=`);
    const token = await f.linkToken(email, 'confirmSubscription');
    const confirmed = await prefs(await f.call('POST', '/subscription/confirm', { body: { token } }));
    expect(confirmed).toMatchObject({ email, subscribed: true, confirmed: true, frequency: 'daily' });
    expect(confirmed.topics).toEqual(EMAIL_TOPICS.filter((t) => t !== 'partner-offers'));
    expect(confirmed.token).toMatch(/^p1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect((await problemOf(await f.call('POST', '/subscription/confirm', { body: { token } }))).code).toBe('INVALID_LINK');

    // Subscribing again: the preferences link by email, nothing else changes.
    await subscribe(email);
    const [again] = await f.mail(email);
    expect(again).toMatchObject({ kind: 'subscription_already' });
    expect(again!.text).toContain(`${PUBLIC_BASE_URL}/email/preferences?token=${encodeURIComponent(confirmed.token)}`);
  });

  it("GET /user/email-preferences: the signed-in account's own preferences with the signed token (null before it subscribes); 401 without a session; source 'account' accepted", async () => {
    const me = await f.signUp();
    const mine = async () => {
      const res = await f.call('GET', '/user/email-preferences', { session: me.data.session.token });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: EmailPreferences | null }).data;
    };
    expect(await mine()).toBeNull();
    const res = await f.call('POST', '/subscription', { ip: f.ip(), body: { email: me.email, source: 'account' } });
    expect(res.status).toBe(202);
    await f.app.settled();
    expect(await mine()).toMatchObject({ email: me.email, subscribed: false, confirmed: false });
    await prefs(await f.call('POST', '/subscription/confirm', { body: { token: await f.linkToken(me.email, 'confirmSubscription') } }));
    const confirmed = (await mine())!;
    expect(confirmed).toMatchObject({ email: me.email, subscribed: true, confirmed: true });
    // The token is the one the preferences page takes.
    expect((await prefs(await f.call('GET', `/email/preferences?token=${encodeURIComponent(confirmed.token)}`))).email).toBe(me.email);
    expect((await problemOf(await f.call('GET', '/user/email-preferences'))).code).toBe('UNAUTHENTICATED');
    expect((await problemOf(await f.call('GET', '/user/email-preferences', { session: 'x'.repeat(43) }))).code).toBe('UNAUTHENTICATED');
    // Someone else's subscription is not theirs to see.
    const other = await f.signUp();
    expect(((await (await f.call('GET', '/user/email-preferences', { session: other.data.session.token })).json()) as { data: unknown }).data).toBeNull();
  });

  it('reads, changes and unsubscribes by the signed token; a tampered token is INVALID_LINK', async () => {
    const email = f.email('prefs');
    await subscribe(email);
    const { token } = await prefs(await f.call('POST', '/subscription/confirm', { body: { token: await f.linkToken(email, 'confirmSubscription') } }));
    expect((await prefs(await f.call('GET', `/email/preferences?token=${encodeURIComponent(token)}`))).email).toBe(email);
    const changed = await prefs(await f.call('PUT', '/email/preferences', { body: { token, topics: ['travel', 'vip', 'travel'], frequency: 'weekly' } }));
    expect(changed).toMatchObject({ topics: ['travel', 'vip'], frequency: 'weekly', subscribed: true });
    const gone = await prefs(await f.call('POST', '/email/preferences/unsubscribe', { body: { token } }));
    expect(gone).toMatchObject({ subscribed: false, confirmed: true, topics: ['travel', 'vip'] });

    const [, id, mac] = token.split('.') as [string, string, string];
    const forged = [`p1.${Number(id) + 1}.${mac}`, `p1.${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, `p2.${id}.${mac}`, 'p1.1.x', token.slice(0, -1)];
    for (const t of forged) {
      expect((await problemOf(await f.call('GET', `/email/preferences?token=${encodeURIComponent(t)}`))).code, t).toBe('INVALID_LINK');
      expect((await problemOf(await f.call('POST', '/email/preferences/unsubscribe', { body: { token: t } }))).code).toBe('INVALID_LINK');
    }
    const badTopics = await f.call('PUT', '/email/preferences', { body: { token, topics: ['casino'], frequency: 'hourly' } });
    expect((await problemOf(badTopics)).errors?.map((e) => e.field).sort()).toEqual(['frequency', 'topics.0']);
  });

  it('keeps the signing secret in the database: links made before a restart still work after it; an explicit linkSecret wins', async () => {
    const email = f.email('restart');
    await subscribe(email);
    const { token } = await prefs(await f.call('POST', '/subscription/confirm', { body: { token: await f.linkToken(email, 'confirmSubscription') } }));
    const restarted = f.withApp({});
    expect((await prefs(await f.call('GET', `/email/preferences?token=${encodeURIComponent(token)}`, {}, restarted))).email).toBe(email);
    const other = f.withApp({ linkSecret: 'another-secret-of-at-least-32-characters!' });
    expect((await f.call('GET', `/email/preferences?token=${encodeURIComponent(token)}`, {}, other)).status).toBe(400);
    expect(() => f.withApp({ linkSecret: 'short' })).toThrow(/32/);
  });

  it('has its own per-email limit: subscribing an address five times never blocks its registration', async () => {
    const email = f.email();
    for (let i = 0; i < 5; i++) await subscribe(email);
    const sixth = await f.call('POST', '/subscription', { ip: f.ip(), body: { email, source: 'header' } });
    expect(sixth.status).toBe(429);
    const register = await f.call('POST', '/register', {
      ip: f.ip(),
      body: { requestRegistration: { email, password: 'Heather-2026', firstName: 'Ann', lastName: 'Shopper' } },
    });
    expect(register.status).toBe(202);
  });

  it('validates the address with the subscribe-box words', async () => {
    const res = await f.call('POST', '/subscription', { body: { email: 'not an email', source: 'popup' } });
    expect((await problemOf(res)).errors?.[0]).toEqual({ field: 'email', message: ACCOUNT_MESSAGES.subscribeEmail });
    expect((await problemOf(await f.call('POST', '/subscription', { body: { email: f.email(), source: 'spam' } }))).errors?.[0]?.field).toBe('source');
  });
});
