/**
 * Sessions (reliability A2, A3): a new token at every sign-in and privilege change with the old
 * one refused afterwards; logout and "everywhere" end them server side; idle and absolute expiry
 * by an injected clock; remember me.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REMEMBER_ME_ABSOLUTE_MS, REMEMBER_ME_IDLE_MS, RESET_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { CurrentSessionSchema, SignedInSchema } from '../contract.ts';
import { problemOf, PUBLIC_BASE_URL, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('sessions on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const alive = async (token: string) => (await f.call('GET', '/session', { session: token })).status === 200;
  const signedIn = async (res: Response) => {
    expect(res.status).toBe(200);
    return SignedInSchema.parse(await res.json()).data.session;
  };

  it('session tokens are 256 random bits (base64url, 43 characters): 1000 samples all distinct', async () => {
    const { randomToken } = await import('../lib/crypto.ts');
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await f.signUp();
    const again = await signedIn(await f.login(me.email, me.password));
    expect(again.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.token).not.toBe(me.data.session.token);
  });

  it('a sign-in always gives a new token and ends the one the request carried (fixation)', async () => {
    const me = await f.signUp();
    const first = me.data.session.token;
    const second = await signedIn(await f.login(me.email, me.password, { session: first }));
    expect(second.token).not.toBe(first);
    expect(await alive(first)).toBe(false);
    expect(await alive(second.token)).toBe(true);
    // A made-up token carried into a sign-in changes nothing for anybody.
    const third = await signedIn(await f.login(me.email, me.password, { session: 'A'.repeat(43) }));
    expect(await alive(third.token)).toBe(true);
    expect(await alive(second.token)).toBe(true);
  });

  it('a password change ends every session and gives a new one', async () => {
    const me = await f.signUp();
    const other = (await signedIn(await f.login(me.email, me.password))).token;
    const res = await f.call('PATCH', '/user/password', { session: me.data.session.token, body: { passwordChange: { currentPassword: me.password, newPassword: 'Rotated-Pass-5', confirmPassword: 'Rotated-Pass-5' } } });
    const fresh = await signedIn(res);
    expect(await alive(me.data.session.token)).toBe(false);
    expect(await alive(other)).toBe(false);
    expect(await alive(fresh.token)).toBe(true);
  });

  it('logout ends this session only; everywhere ends them all; a replayed token is refused', async () => {
    const me = await f.signUp();
    const a = me.data.session.token;
    const b = (await signedIn(await f.login(me.email, me.password))).token;
    const c = (await signedIn(await f.login(me.email, me.password))).token;
    expect((await f.call('PUT', '/logout', { session: a, body: {} })).status).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
    expect((await f.call('PUT', '/logout', { session: b, body: { everywhere: true } })).status).toBe(204);
    expect([await alive(b), await alive(c)]).toEqual([false, false]);
    for (const t of [a, b, c]) expect((await f.call('GET', '/user', { session: t })).status).toBe(401);
  });

  it('idle expiry: 29:59 after the last request succeeds and slides; 30:01 is refused and the session is gone', async () => {
    const me = await f.signUp();
    const t = me.data.session.token;
    f.clock.advance(SESSION_IDLE_MS - 1000);
    expect(await alive(t)).toBe(true);
    f.clock.advance(SESSION_IDLE_MS - 1000);
    expect(await alive(t)).toBe(true);
    f.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await alive(t)).toBe(false);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users.session where user_id = ${me.data.user.id}`.execute(f.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('absolute expiry: 12 hours after sign-in, however active', async () => {
    const me = await f.signUp();
    const t = me.data.session.token;
    const expiresAt = Date.parse(me.data.session.expiresAt);
    expect(expiresAt - f.clock.now.getTime()).toBe(SESSION_ABSOLUTE_MS);
    for (let elapsed = 0; elapsed + 20 * 60_000 < SESSION_ABSOLUTE_MS; elapsed += 20 * 60_000) {
      f.clock.advance(20 * 60_000);
      expect(await alive(t)).toBe(true);
    }
    f.clock.now = new Date(expiresAt - 1000);
    const last = await f.call('GET', '/session', { session: t });
    expect(CurrentSessionSchema.parse(await last.json()).data.session).toEqual({ expiresAt: new Date(expiresAt).toISOString(), persistent: false });
    f.clock.now = new Date(expiresAt + 1000);
    expect(await alive(t)).toBe(false);
  });

  it('remember me: 14 days idle, 30 days absolute', async () => {
    const me = await f.signUp();
    const session = await signedIn(await f.login(me.email, me.password, { rememberMe: true }));
    expect(session.persistent).toBe(true);
    expect(Date.parse(session.expiresAt) - f.clock.now.getTime()).toBe(REMEMBER_ME_ABSOLUTE_MS);
    f.clock.advance(REMEMBER_ME_IDLE_MS - 60_000);
    expect(await alive(session.token)).toBe(true);
    f.clock.advance(REMEMBER_ME_IDLE_MS - 60_000);
    expect(await alive(session.token)).toBe(true);
    f.clock.advance(REMEMBER_ME_ABSOLUTE_MS - 2 * (REMEMBER_ME_IDLE_MS - 60_000) + 1000);
    expect(await alive(session.token)).toBe(false);
    // Without remember me the same wait is far too long.
    const plain = await signedIn(await f.login(me.email, me.password));
    f.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await alive(plain.token)).toBe(false);
  });

  it('anonymising an account ends every session and erases its personal data, keeping id and customer token', async () => {
    const me = await f.signUp({ firstName: 'Erase', lastName: 'Me' });
    const other = (await signedIn(await f.login(me.email, me.password))).token;
    const wrong = await f.call('POST', '/user/anonymize', { session: other, body: { password: 'Not-It-1' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('WRONG_PASSWORD');
    expect((await f.call('POST', '/user/anonymize', { session: other, body: {} })).status).toBe(401);
    const bystander = await f.signUp();
    // Copies of their mail sit in the outbox (the confirmation link, and a reset link).
    await f.call('POST', `/user/${encodeURIComponent(me.email.toUpperCase())}/password_reset_request`);
    expect((await f.mail(me.email)).map((m) => m.kind).sort()).toEqual(['confirm_email', 'password_reset']);
    expect((await f.call('POST', '/user/anonymize', { session: other, body: { password: me.password } })).status).toBe(204);
    // ...and go with the account, whatever the case of the address they were sent to; others' mail stays.
    expect(await f.mail(me.email)).toEqual([]);
    expect(await f.mail(bystander.email)).not.toEqual([]);
    expect(await alive(me.data.session.token)).toBe(false);
    expect(await alive(other)).toBe(false);
    const { rows } = await sql<Record<string, unknown>>`select * from users.account where id = ${me.data.user.id}`.execute(f.database.db);
    expect(rows[0]).toMatchObject({ email: null, first_name: null, last_name: null, password_hash: null, customer_token: me.data.user.customerToken });
    expect(rows[0]!.anonymised_at).not.toBeNull();
    expect((await f.login(me.email, me.password)).status).toBe(401);
    expect(await (await f.call('GET', `/user?ct=${me.data.user.customerToken}`)).json()).toEqual({ data: { valid: false } });
    // The address is free again.
    const again = await f.signUp({ email: me.email });
    expect(again.data.user.id).not.toBe(me.data.user.id);
  });

  describe('anonymising an account with no password (express, Google or Facebook only): a live session is not enough', () => {
    const GOOGLE = 'https://accounts.google.com';
    const socialAccount = async (label: string) => {
      const email = f.email(label);
      const res = await f.call('POST', '/registergoogleuser', { body: { issuer: GOOGLE, subject: `sub-${email}`, email, emailVerified: true, firstName: 'Gregor' } });
      expect(res.status).toBe(200);
      return { email, ...SignedInSchema.parse(await res.json()).data };
    };
    const deleteLink = async (email: string) => {
      const prefix = `${PUBLIC_BASE_URL}/myaccount/delete?token=`;
      const [mail] = (await f.mail(email)).filter((m) => m.kind === 'anonymise_confirm');
      expect(mail, 'the confirmation email').toBeDefined();
      const at = mail!.text.indexOf(prefix);
      expect(at).toBeGreaterThanOrEqual(0);
      return decodeURIComponent(mail!.text.slice(at + prefix.length).split(/\s/)[0]!);
    };

    it('the first call emails a single-use link and erases nothing; the link sent back from a session of the account erases it', async () => {
      const me = await socialAccount('anon.social');
      const asked = await f.call('POST', '/user/anonymize', { session: me.session.token, body: {} });
      expect(asked.status).toBe(202);
      expect(await asked.json()).toEqual({ data: { status: 'CHECK_EMAIL' } });
      expect(await alive(me.session.token)).toBe(true);
      const token = await deleteLink(me.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [mail] = (await f.mail(me.email)).filter((m) => m.kind === 'anonymise_confirm');
      expect(mail!.subject).toBe('Confirm you want to delete your Thistle Deals account');
      // Only the hash is stored.
      const { rows } = await sql<{ token_hash: string }>`select token_hash from users.one_time_token where purpose = 'anonymise_confirm' and user_id = ${me.user.id}`.execute(f.database.db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toContain(token);

      // A password does not stand in for the link, and a made-up link is refused.
      expect((await f.call('POST', '/user/anonymize', { session: me.session.token, body: { token: 'x'.repeat(43) } })).status).toBe(400);
      expect(await alive(me.session.token)).toBe(true);
      expect((await f.call('POST', '/user/anonymize', { session: me.session.token, body: { token } })).status).toBe(204);
      expect(await alive(me.session.token)).toBe(false);
      const { rows: account } = await sql<Record<string, unknown>>`select email, anonymised_at from users.account where id = ${me.user.id}`.execute(f.database.db);
      expect(account[0]).toMatchObject({ email: null });
      expect(account[0]!.anonymised_at).not.toBeNull();
      // The outbox copy of the link went with the account.
      expect(await f.mail(me.email)).toEqual([]);
    });

    it("the link works only from a session of its own account, once, for 30 minutes; a newer link voids older ones; without a session it is 401", async () => {
      const me = await socialAccount('anon.own');
      const other = await socialAccount('anon.other');
      await f.call('POST', '/user/anonymize', { session: me.session.token, body: {} });
      const first = await deleteLink(me.email);
      await f.call('POST', '/user/anonymize', { session: me.session.token, body: {} });
      const second = await deleteLink(me.email);
      expect(second).not.toBe(first);
      const refused = async (session: string | undefined, token: string, code: string, status: number) => {
        const res = await f.call('POST', '/user/anonymize', { ...(session ? { session } : {}), body: { token } });
        expect(await problemOf(res)).toMatchObject({ status, code });
      };
      await refused(undefined, second, 'UNAUTHENTICATED', 401);
      // Another account's session cannot use it (and does not use it up).
      await refused(other.session.token, second, 'INVALID_LINK', 400);
      expect(await alive(other.session.token)).toBe(true);
      await refused(me.session.token, first, 'INVALID_LINK', 400);
      // 30 minutes on (the session kept alive meanwhile): expired.
      f.clock.advance(RESET_TOKEN_TTL_MS / 2);
      expect(await alive(me.session.token)).toBe(true);
      f.clock.advance(RESET_TOKEN_TTL_MS / 2 + 1000);
      await refused(me.session.token, second, 'INVALID_LINK', 400);
      expect(await alive(me.session.token)).toBe(true);
      // A fresh one, in time, works once.
      await f.call('POST', '/user/anonymize', { session: me.session.token, body: {} });
      const third = await deleteLink(me.email);
      const again = await socialAccount('anon.again');
      expect((await f.call('POST', '/user/anonymize', { session: me.session.token, body: { token: third } })).status).toBe(204);
      await refused(again.session.token, third, 'INVALID_LINK', 400);
    });

    it('an account with a password still needs it: a link is never sent to it', async () => {
      const me = await f.signUp();
      expect((await problemOf(await f.call('POST', '/user/anonymize', { session: me.data.session.token, body: {} }))).code).toBe('WRONG_PASSWORD');
      expect((await f.mail(me.email)).filter((m) => m.kind === 'anonymise_confirm')).toEqual([]);
    });
  });
});
