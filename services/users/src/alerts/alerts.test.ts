/**
 * Wish list alert preferences (issue 19 point 2): both kinds on until turned off, from the account
 * (a session) or from the signed link of one kind in such an email (no login); the module
 * function the alerts job asks who gets a kind.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { AlertPreferencesResponseSchema, AlertUnsubscribedSchema } from './alerts.contract.ts';
import { wishlistAlertRecipients } from './alerts.store.ts';
import { problemOf, PUBLIC_BASE_URL, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('wish list alert preferences on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const mine = async (session: string) => {
    const res = await f.call('GET', '/user/alert-preferences', { session });
    expect(res.status).toBe(200);
    return AlertPreferencesResponseSchema.parse(await res.json()).data;
  };
  const recipients = (customerTokens: string[], kind: 'price_drop' | 'back_in_stock') => wishlistAlertRecipients(f.database.db, { customerTokens, kind, publicBaseUrl: PUBLIC_BASE_URL });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('both on at first; PUT turns each on or off (a kind left out stays); 401 without a session; other keys and non-booleans are refused naming the field', async () => {
    const me = await f.signUp();
    const session = me.data.session.token;
    expect(await mine(session)).toEqual({ priceDrops: true, backInStock: true });
    const put = (body: unknown) => f.call('PUT', '/user/alert-preferences', { session, body });
    expect(AlertPreferencesResponseSchema.parse(await (await put({ priceDrops: false })).json()).data).toEqual({ priceDrops: false, backInStock: true });
    expect(AlertPreferencesResponseSchema.parse(await (await put({ backInStock: false })).json()).data).toEqual({ priceDrops: false, backInStock: false });
    expect(AlertPreferencesResponseSchema.parse(await (await put({ priceDrops: true, backInStock: false })).json()).data).toEqual({ priceDrops: true, backInStock: false });
    expect(await mine(session)).toEqual({ priceDrops: true, backInStock: false });
    for (const [body, field] of [
      [{ priceDrops: 'no' }, 'priceDrops'],
      [{ marketing: true }, 'marketing'],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors?.map((e) => e.field)).toContain(field);
    }
    expect((await f.call('GET', '/user/alert-preferences')).status).toBe(401);
    expect((await f.call('PUT', '/user/alert-preferences', { body: { priceDrops: false } })).status).toBe(401);
  });

  it('recipients: confirmed, live accounts that have not turned the kind off, each with a signed unsubscribe link of that kind; the link turns only that kind off, again is no change, and a forged or stale one is refused', async () => {
    const me = await f.signUp();
    const other = await f.signUp();
    const token = me.data.user.customerToken;
    const found = await recipients([token, other.data.user.customerToken, 'ct-nobody-at-all'], 'price_drop');
    expect([...found.keys()].sort()).toEqual([token, other.data.user.customerToken].sort());
    const link = found.get(token)!;
    expect(link.email).toBe(me.email);
    expect(link.unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/email/alerts\\?token=a1\\.p\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const backLink = (await recipients([token], 'back_in_stock')).get(token)!.unsubscribeUrl;
    expect(tokenOf(backLink)).toMatch(/^a1\.b\./);

    const unsubscribe = (t: string) => f.call('POST', '/email/alerts/unsubscribe', { ip: f.ip(), body: { token: t } });
    const res = await unsubscribe(tokenOf(link.unsubscribeUrl));
    expect(res.status).toBe(200);
    expect(AlertUnsubscribedSchema.parse(await res.json()).data).toEqual({ kind: 'price_drop', email: me.email });
    expect(await mine(me.data.session.token)).toEqual({ priceDrops: false, backInStock: true });
    expect((await recipients([token], 'price_drop')).has(token)).toBe(false);
    expect((await recipients([token], 'back_in_stock')).has(token)).toBe(true);
    expect((await unsubscribe(tokenOf(link.unsubscribeUrl))).status).toBe(200);

    // Another account's id with my mac, the other kind's letter, nonsense: a bad link.
    const t = tokenOf(link.unsubscribeUrl);
    const [, , id, mac] = t.split('.');
    for (const bad of [`a1.p.${Number(id) + 1}.${mac}`, `a1.b.${id}.${mac}`, `${t}x`, 'a1.p.1.short', 'p1.1.abc']) {
      const refused = await unsubscribe(bad);
      expect(refused.status).toBe(400);
      expect((await problemOf(refused)).code).toBe('INVALID_LINK');
    }
    expect(await mine(other.data.session.token)).toEqual({ priceDrops: true, backInStock: true });
    // An erased account: no recipient, and its links stop working.
    const erase = await f.call('POST', '/user/anonymize', { session: other.data.session.token, body: { password: other.password } });
    expect(erase.status).toBe(204);
    expect((await recipients([other.data.user.customerToken], 'back_in_stock')).size).toBe(0);
  });

  it('an address not confirmed yet gets no alerts', async () => {
    const email = f.email('unconfirmed');
    const res = await f.call('POST', '/register', { ip: f.ip(), body: { requestRegistration: { email, password: 'Correct-Horse-9', firstName: 'Una', lastName: 'Confirmed' } } });
    expect(res.status).toBe(202);
    await f.app.settled();
    const { rows } = await sql<{ customer_token: string }>`select customer_token from users.account where email = ${email}`.execute(f.database.db);
    expect(rows).toHaveLength(1);
    expect((await recipients([rows[0]!.customer_token], 'price_drop')).size).toBe(0);
  });
});
